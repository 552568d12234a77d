package io.github.raglens.parse.packaging;

import io.github.raglens.error.ParseException;
import io.github.raglens.parse.document.Damage;
import io.github.raglens.parse.document.SourceFile;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.apache.poi.openxml4j.exceptions.InvalidFormatException;
import org.apache.poi.openxml4j.opc.OPCPackage;
import org.apache.poi.openxml4j.opc.PackageAccess;
import org.apache.poi.openxml4j.opc.PackagePart;
import org.apache.poi.openxml4j.opc.PackageRelationship;
import org.apache.poi.openxml4j.opc.TargetMode;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;

/**
 * An Office file opened read-only as an OPC package, after the checks that give each bad file one clear
 * line: an empty file, a file that is not a zip package, a password-protected file (an encrypted
 * package inside an OLE2 container), a file of the binary format before (Word 97-2003 and the like), a
 * file cut short (its zip directory missing: POI then reads the parts it still finds, and the document
 * says so in {@link #damage()}), a zip bomb, refused by POI's inflation ratio check before the part
 * is read into memory, and a part compressed with Zstandard, which no Office program writes.
 */
public final class OfficePackage implements AutoCloseable {

    private static final int ZIP_MAGIC = 0x504B0304;
    private static final long OLE2_MAGIC = 0xD0CF11E0A1B11AE1L;
    private static final int END_OF_DIRECTORY = 0x06054B50;
    /** The end-of-directory record is 22 bytes and ends with a comment of at most 65,535 bytes. */
    private static final int END_SEARCH = 22 + 65_535;

    /** How many times its compressed size a part may expand to: POI's own default limit. */
    private static final int MAX_RATIO = 100;

    private static final String BOMB = "refused: a part of the file expands to more than 100 times its compressed"
            + " size, as a zip bomb does; check where the file came from";

    /** Where commons-compress looks for the Zstandard codec, an optional library raglens does not ship. */
    private static final String ZSTANDARD_CODEC = "com/github/luben/zstd/";

    private final Path file;
    private final OfficeFormat format;
    private final OPCPackage opc;
    private final String damage;

    private OfficePackage(Path file, OfficeFormat format, OPCPackage opc, String damage) {
        this.file = file;
        this.format = format;
        this.opc = opc;
        this.damage = damage;
    }

    /** What a parser reads from an open package; anything it throws but a {@link ParseException} is a damaged part. */
    @FunctionalInterface
    public interface Reading<T> {
        /** Reads the package. */
        T read(OfficePackage pkg) throws Exception;
    }

    /**
     * Opens a file of the given format, reads it and closes it: a failure of the reading becomes the one
     * line {@link #failure} gives (a zip bomb, a file cut short before any content, a damaged part).
     *
     * @throws ParseException with a one-line reason and remedy when the file cannot be opened or read
     */
    public static <T> T read(Path file, OfficeFormat format, Reading<T> reading) {
        try (OfficePackage pkg = open(file, format)) {
            try {
                return reading.read(pkg);
            } catch (ParseException e) {
                throw e;
            } catch (Exception e) {
                throw failure(file, format, e, pkg.damage().isPresent());
            } catch (NoClassDefFoundError e) {
                throw zstandardPart(file, format, e);
            }
        }
    }

    /**
     * Opens a file of the given format.
     *
     * @throws ParseException with a one-line reason and remedy when the file cannot be opened
     */
    public static OfficePackage open(Path file, OfficeFormat format) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        long size;
        long magic;
        try (InputStream in = Files.newInputStream(file)) {
            size = Files.size(file);
            byte[] head = in.readNBytes(8);
            magic = 0;
            for (byte b : head) {
                magic = (magic << 8) | (b & 0xFF);
            }
            magic <<= 8 * (8 - head.length);
        } catch (IOException e) {
            throw SourceFile.unreadable(file, e);
        }
        if (size == 0) {
            throw SourceFile.empty(file);
        }
        if (magic == OLE2_MAGIC) {
            throw new ParseException(file, ole2Reason(file, format), null);
        }
        if ((int) (magic >>> 32) != ZIP_MAGIC) {
            throw new ParseException(
                    file,
                    "not " + format.withArticle() + " file (not a zip package); check the file type or rename it with"
                            + " its real extension",
                    null);
        }
        String damage = hasZipDirectory(file, size)
                ? null
                : "the file is cut short (its zip directory is missing); read the parts found before the cut;"
                        + " replace it with the complete file for the rest";
        try {
            OPCPackage opc = damage == null
                    ? OPCPackage.open(file.toFile(), PackageAccess.READ)
                    : OPCPackage.open(new ByteArrayInputStream(salvage(file, size)));
            return new OfficePackage(file, format, opc, damage);
        } catch (InvalidFormatException | IOException | RuntimeException e) {
            if (e instanceof ParseException p) {
                throw p;
            }
            throw failure(file, format, e, damage != null);
        } catch (NoClassDefFoundError e) {
            throw zstandardPart(file, format, e);
        }
    }

    /**
     * The refusal of a part compressed with Zstandard (zip method 93): commons-compress reaches for its
     * optional codec, which is not on the class path. Any other class missing is a fault of the
     * installation and goes on as it is.
     */
    private static ParseException zstandardPart(Path file, OfficeFormat format, NoClassDefFoundError e) {
        if (!zstandard(e)) {
            throw e;
        }
        return new ParseException(
                file,
                "refused: a part of the file is compressed with Zstandard, which " + format.application()
                        + " does not write; open and save it again in " + format.application()
                        + " or a compatible program",
                e);
    }

    private static boolean zstandard(Throwable e) {
        return e instanceof NoClassDefFoundError
                && e.getMessage() != null
                && e.getMessage().startsWith(ZSTANDARD_CODEC);
    }

    /**
     * The entries of a zip cut short, read from their local headers up to the cut and written into a
     * complete zip: the entry the cut falls in keeps the bytes before it. Inflating stops at {@link
     * #MAX_RATIO} times the file's size, as a zip bomb would go on.
     */
    private static byte[] salvage(Path file, long size) throws IOException {
        long budget = MAX_RATIO * Math.max(size, 1 << 20);
        ByteArrayOutputStream rebuilt = new ByteArrayOutputStream();
        byte[] buffer = new byte[1 << 16];
        try (ZipInputStream in = new ZipInputStream(new BufferedInputStream(Files.newInputStream(file)));
                ZipOutputStream out = new ZipOutputStream(rebuilt)) {
            boolean cut = false;
            while (!cut) {
                ZipEntry entry;
                try {
                    entry = in.getNextEntry();
                } catch (IOException e) {
                    break;
                }
                if (entry == null) {
                    break;
                }
                out.putNextEntry(new ZipEntry(entry.getName()));
                while (true) {
                    int n;
                    try {
                        n = in.read(buffer);
                    } catch (IOException e) {
                        cut = true;
                        break;
                    }
                    if (n < 0) {
                        break;
                    }
                    budget -= n;
                    if (budget < 0) {
                        throw new ParseException(file, BOMB, null);
                    }
                    out.write(buffer, 0, n);
                }
                out.closeEntry();
            }
        }
        return rebuilt.toByteArray();
    }

    /**
     * The reason a read of the package's parts failed, as a {@link ParseException}: a zip bomb refused, a
     * file cut short, or a damaged part.
     */
    private static ParseException failure(Path file, OfficeFormat format, Throwable e, boolean cutShort) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (zstandard(t)) {
                return zstandardPart(file, format, (NoClassDefFoundError) t);
            }
            String m = t.getMessage() == null ? "" : t.getMessage();
            if (m.startsWith("Zip bomb detected")) {
                return new ParseException(file, BOMB, e);
            }
            if (m.contains("exceeds the max. size") || m.startsWith("Zip bomb")) {
                return new ParseException(
                        file, "refused: a part of the file expands past 4 GiB; check where the file came from", e);
            }
        }
        if (cutShort) {
            return nothingBeforeCut(file, format, e);
        }
        return new ParseException(
                file,
                "not a readable " + format.label() + " file (" + XmlParts.problem(e) + "); open and save it again in "
                        + format.application() + " or a compatible program",
                e);
    }

    private static ParseException nothingBeforeCut(Path file, OfficeFormat format, Throwable e) {
        return new ParseException(
                file,
                "the file is cut short (its zip directory is missing) and no " + format.label()
                        + " content could be read before the cut; replace it with the complete file",
                e);
    }

    /**
     * The refusal of a file cut short before any of its content (a parser that found nothing to read in
     * what is left); for an intact file, nothing.
     */
    public Optional<ParseException> nothingReadBeforeTheCut() {
        return damage == null ? Optional.empty() : Optional.of(nothingBeforeCut(file, format, null));
    }

    private static String ole2Reason(Path file, OfficeFormat format) {
        try (POIFSFileSystem fs = new POIFSFileSystem(file.toFile(), true)) {
            if (fs.getRoot().hasEntryCaseInsensitive("EncryptedPackage")) {
                return "the " + format.label() + " file is protected with a password; save a copy without the"
                        + " password in " + format.application() + " and parse the copy";
            }
        } catch (IOException | RuntimeException e) {
            // not a readable OLE2 container either: say what its first bytes claim
        }
        return OfficeFormat.article(format.application()) + " " + format.application() + " 97-2003 file ("
                + format.legacyExtension() + " format) with "
                + format.withArticle().toLowerCase(Locale.ROOT) + " extension; save it as " + format.label()
                + " in " + format.application() + " or LibreOffice and parse the copy";
    }

    /** Whether the file ends with a zip end-of-central-directory record, as a complete zip does. */
    private static boolean hasZipDirectory(Path file, long size) {
        int n = (int) Math.min(size, END_SEARCH);
        byte[] tail = new byte[n];
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(size - n);
            in.readFully(tail);
        } catch (IOException e) {
            return false;
        }
        for (int i = n - 22; i >= 0; i--) {
            int sig = (tail[i] & 0xFF)
                    | (tail[i + 1] & 0xFF) << 8
                    | (tail[i + 2] & 0xFF) << 16
                    | (tail[i + 3] & 0xFF) << 24;
            if (sig == END_OF_DIRECTORY) {
                return true;
            }
        }
        return false;
    }

    /** The package, open for reading; closed with this. */
    public OPCPackage opc() {
        return opc;
    }

    /** What is wrong with a file that was read in part (cut short), or empty for an intact one. */
    public Optional<String> damage() {
        return Optional.ofNullable(damage);
    }

    /** The document's metadata from its package: what is damaged ({@link Damage#KEY}), when it is. */
    public Map<String, String> metadata() {
        return damage == null ? Map.of() : Map.of(Damage.KEY, damage);
    }

    /** The title the package's properties declare, stripped; empty when none. */
    public String declaredTitle() throws InvalidFormatException {
        return opc.getPackageProperties().getTitleProperty().orElse("").strip();
    }

    /**
     * The package's main part: the Word document, the presentation, the workbook.
     *
     * @throws ParseException when the package has none
     */
    public PackagePart mainPart() throws InvalidFormatException {
        for (PackageRelationship rel : opc.getRelationships()) {
            if (rel.getRelationshipType().endsWith("/officeDocument")) {
                PackagePart part = opc.getPart(rel);
                if (part != null) {
                    return part;
                }
            }
        }
        nothingReadBeforeTheCut().ifPresent(e -> {
            throw e;
        });
        throw new ParseException(
                file,
                "the package holds no " + format.mainPart() + "; check that it is a " + format.label() + " file",
                null);
    }

    /** The part a relationship of {@code from} points to, if the package holds it (never an external target). */
    public static Optional<PackagePart> related(PackagePart from, PackageRelationship rel) {
        if (rel == null || rel.getTargetMode() == TargetMode.EXTERNAL) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(from.getRelatedPart(rel));
        } catch (InvalidFormatException | RuntimeException e) {
            return Optional.empty(); // a relationship to a part the package lacks: nothing to read there
        }
    }

    /** The part the relationship of {@code from} with this id points to, if the package holds it. */
    public static Optional<PackagePart> related(PackagePart from, String relationshipId) {
        return related(from, from.getRelationship(relationshipId));
    }

    /** The parts the relationships of {@code from} of a type (its URI's last segment: {@code "/chart"}) point to, in order. */
    public static List<PackagePart> relatedOfType(PackagePart from, String typeSuffix) throws InvalidFormatException {
        List<PackagePart> parts = new ArrayList<>();
        for (PackageRelationship rel : from.getRelationships()) {
            if (rel.getRelationshipType().endsWith(typeSuffix)) {
                related(from, rel).ifPresent(parts::add);
            }
        }
        return parts;
    }

    @Override
    public void close() {
        opc.revert();
    }
}
