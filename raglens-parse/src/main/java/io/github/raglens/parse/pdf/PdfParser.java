package io.github.raglens.parse.pdf;

import io.github.raglens.error.ParseException;
import io.github.raglens.internal.OneLine;
import io.github.raglens.internal.SetOnce;
import io.github.raglens.model.Document;
import io.github.raglens.parse.document.Damage;
import io.github.raglens.parse.document.DocumentIds;
import io.github.raglens.parse.document.Ocr;
import io.github.raglens.parse.glyphs.Deadline;
import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.PdfTextCollector;
import io.github.raglens.parse.glyphs.TimeLimitExceeded;
import io.github.raglens.parse.headings.HeadingCandidate;
import io.github.raglens.parse.headings.OutlineReader;
import io.github.raglens.parse.ocr.OcrMode;
import io.github.raglens.parse.ocr.OcrSettings;
import io.github.raglens.parse.tables.FoundTable;
import io.github.raglens.parse.tables.TableFinder;
import io.github.raglens.spi.Parser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;

/**
 * Parses PDFs with Apache PDFBox and Tabula into a section tree: reading order for one- and two-column
 * pages, running headers, footers and page numbers removed, hyphenation repaired, text NFKC-normalised,
 * headings from the outline or from font statistics and numbering, tables as Markdown pipe tables and
 * display formulas in {@code $$…$$}.
 *
 * <p>Instances are immutable and thread-safe; each call opens its own document. Memory is bounded by
 * PDFBox's scratch file (main memory up to {@link Builder#maxMainMemoryBytes(long)}, the rest on disk)
 * and each file has a time limit.
 *
 * <pre>{@code
 * Document doc = PdfParser.builder().useOutline(false).build().parse(Path.of("paper.pdf"));
 * }</pre>
 */
public final class PdfParser implements Parser {

    /** Changes whenever the output for the same file changes; part of the parse-cache key. */
    public static final String VERSION = "pdf-22";

    /** The metadata key under which a damaged PDF's document says what is broken and what was recovered. */
    public static final String DAMAGE_KEY = Damage.KEY;

    /** The metadata key under which a document says how many lines of chart text were left out of its text. */
    static final String FIGURE_TEXT_KEY = "figureTextLines";

    /** The metadata key under which a document says how many venue lines were dropped from its first page. */
    static final String VENUE_LINES_KEY = "venueLines";

    private static final String DAMAGED = "the PDF is damaged or truncated: ";

    /** Reads the pages of an open document, telling {@code listener} of each (null for none); replaceable in tests. */
    interface PageSource {
        List<PageText> pages(PDDocument document, Deadline deadline, PdfTextCollector.PageListener listener)
                throws IOException;
    }

    /** Finds the tables of one page that shows table evidence; replaceable in tests. */
    interface TableSource {
        List<FoundTable> find(PageText page, Supplier<technology.tabula.Page> tabula);
    }

    private final boolean useOutline;
    private final boolean tables;
    private final Duration timeLimit;
    private final long maxMainMemoryBytes;
    private final PageSource pageSource;
    private final TableSource tableSource;
    private final int maxTableSize;
    private final OcrMode ocrMode;
    private final OcrSettings ocrSettings;

    private PdfParser(Builder b) {
        this.useOutline = b.useOutline;
        this.tables = b.tables;
        this.timeLimit = b.timeLimit;
        this.maxMainMemoryBytes = b.maxMainMemoryBytes;
        this.pageSource = b.pageSource;
        this.tableSource = b.tableSource;
        this.maxTableSize = b.maxTableSize;
        this.ocrMode = b.ocrMode;
        this.ocrSettings = b.ocrSettings;
    }

    /** A parser with the defaults: outline used, tables on, 120 s per file, 64 MiB main memory. */
    public static PdfParser create() {
        return builder().build();
    }

    /** A builder with the defaults of {@link #create()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this parser's options. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.useOutline = useOutline;
        b.tables = tables;
        b.timeLimit = timeLimit;
        b.maxMainMemoryBytes = maxMainMemoryBytes;
        b.pageSource = pageSource;
        b.tableSource = tableSource;
        b.maxTableSize = maxTableSize;
        b.ocrMode = ocrMode;
        b.ocrSettings = ocrSettings;
        return b;
    }

    /**
     * Parses one PDF.
     *
     * @throws NoTextException when the PDF has no text layer
     * @throws DamagedPdfException when the PDF is damaged or truncated and no text could be recovered; a
     *     damaged PDF with some readable pages is parsed, and its document's metadata holds the reason
     *     under the key {@code damaged}
     * @throws ParseException when the file is empty, not a PDF, encrypted, damaged, or takes longer
     *     than the time limit; the message names the file and the remedy
     */
    @Override
    public Document parse(Path file) {
        Objects.requireNonNull(file, "file");
        checkHeader(file);
        String sha = DocumentIds.sha256(file);
        Optional<String> damage = damage(file);
        Deadline deadline = Deadline.after(timeLimit);
        try (PDDocument document =
                PDDocument.load(file.toFile(), "", MemoryUsageSetting.setupMixed(maxMainMemoryBytes))) {
            return read(file, sha, document, deadline, damage);
        } catch (InvalidPasswordException e) {
            throw new ParseException(
                    file,
                    "the PDF is encrypted with a password; decrypt it first (for example: qpdf --decrypt"
                            + " --password=PASSWORD in.pdf out.pdf) and parse the copy",
                    e);
        } catch (TimeLimitExceeded e) {
            throw new ParseException(
                    file,
                    e.page(),
                    "parsing took longer than the limit of " + describe(timeLimit)
                            + "; split the file or raise the per-file time limit",
                    e);
        } catch (IOException e) {
            // PDFBox's message may quote the damaged bytes, line breaks and all
            String pdfbox = OneLine.of(e.getMessage());
            String reason = damage.map(d -> DAMAGED + d + "; PDFBox could not open it (" + pdfbox + ")")
                    .orElse("the PDF is damaged or truncated (" + pdfbox + ")");
            throw new DamagedPdfException(file, reason + "; download it again or repair it", e);
        } catch (ParseException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw new ParseException(
                    file,
                    "PDFBox failed inside the file (" + e.getClass().getSimpleName() + ": " + OneLine.of(e.getMessage())
                            + "); the file is probably malformed",
                    e);
        }
    }

    private static String describe(Duration d) {
        return d.toMillis() >= 1000 && d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private static void checkHeader(Path file) {
        byte[] head = new byte[1024];
        int n;
        long size;
        try (InputStream in = Files.newInputStream(file)) {
            size = Files.size(file);
            n = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw new ParseException(
                    file, "cannot read the file (" + e.getMessage() + "); check that it exists and is readable", e);
        }
        if (size == 0) {
            throw new ParseException(file, "the file is empty (0 bytes); replace it with the complete PDF", null);
        }
        if (!new String(head, 0, n, StandardCharsets.ISO_8859_1).contains("%PDF-")) {
            throw new ParseException(
                    file,
                    "not a PDF (no %PDF- header); check the file type or rename it with its real extension",
                    null);
        }
    }

    private static Optional<String> damage(Path file) {
        try {
            return PdfDamage.of(file);
        } catch (IOException e) {
            throw new ParseException(
                    file, "cannot read the file (" + e.getMessage() + "); check that it exists and is readable", e);
        }
    }

    private Document read(Path file, String sha, PDDocument document, Deadline deadline, Optional<String> damage)
            throws IOException {
        PageTables found = new PageTables(file, tableSource, maxTableSize);
        ScannedPageReader.Result ocr = new ScannedPageReader(ocrMode, ocrSettings)
                .read(
                        file,
                        document,
                        pageSource.pages(document, deadline, tables ? found : null),
                        tables ? found : null);
        List<PageText> pages = ocr.pages();
        int chars = 0;
        int pagesWithText = 0;
        for (PageText p : pages) {
            int n = p.charCount();
            chars += n;
            pagesWithText += n > 0 ? 1 : 0;
        }
        if (chars < 20 && damage.isPresent()) {
            throw new DamagedPdfException(
                    file, DAMAGED + damage.get() + "; no page has readable text; download it again or repair it", null);
        }
        if (chars < 20) {
            throw ocr.unavailable()
                    .map(why -> new NoTextException(file, "no text layer, and OCR cannot read it: " + why))
                    .orElseGet(() -> ocrMode == OcrMode.OFF
                            ? new NoTextException(file, "no text layer, and OCR is off")
                            : new NoTextException(file));
        }
        List<HeadingCandidate> outline = useOutline ? OutlineReader.read(document) : List.of();
        PagePipeline.Result read = PagePipeline.run(
                pages, found.found(), found.lines(), outline, declaredTitle(document), DocumentIds.stem(file));
        Map<String, String> metadata = metadata(document);
        if (read.figureTextLines() > 0) {
            metadata.put(FIGURE_TEXT_KEY, Integer.toString(read.figureTextLines()));
        }
        if (ocr.ocrd() > 0) {
            metadata.put(Ocr.PAGES_KEY, Integer.toString(ocr.ocrd()));
        }
        if (read.venueLines() > 0) {
            metadata.put(VENUE_LINES_KEY, Integer.toString(read.venueLines()));
        }
        if (damage.isPresent()) {
            metadata.put(
                    DAMAGE_KEY,
                    DAMAGED + damage.get() + "; read text from " + pagesWithText + " of the " + pages.size()
                            + " pages found in its page tree; download it again or repair it for the rest");
        }
        return new Document(
                DocumentIds.id(file, sha), read.title(), file.toString(), pages.size(), metadata, read.root());
    }

    /** The title the document's information declares, unless it is a file name, a program's or empty. */
    private static Optional<String> declaredTitle(PDDocument document) {
        PDDocumentInformation info = document.getDocumentInformation();
        String meta =
                info == null || info.getTitle() == null ? "" : info.getTitle().strip();
        String lower = meta.toLowerCase(Locale.ROOT);
        boolean usable = meta.length() >= 4
                && !lower.matches(".*\\.(pdf|dvi|docx?|tex|ps|indd)$")
                && !lower.startsWith("microsoft word")
                && !lower.startsWith("untitled")
                && !lower.matches("[\\d\\s.v-]+");
        return usable ? Optional.of(meta.replaceAll("\\s+", " ")) : Optional.empty();
    }

    private static Map<String, String> metadata(PDDocument document) {
        Map<String, String> out = new LinkedHashMap<>();
        PDDocumentInformation info = document.getDocumentInformation();
        if (info != null) {
            Map<String, String> raw = new HashMap<>();
            raw.put("author", info.getAuthor());
            raw.put("subject", info.getSubject());
            raw.put("keywords", info.getKeywords());
            raw.put("creator", info.getCreator());
            raw.put("producer", info.getProducer());
            raw.put("pdfTitle", info.getTitle());
            raw.forEach((k, v) -> {
                if (v != null && !v.isBlank()) {
                    out.put(k, v.strip());
                }
            });
        }
        return out;
    }

    /** How this parser's OCR reads. */
    public OcrSettings ocrSettings() {
        return ocrSettings;
    }

    /** Which pages this parser's OCR reads. */
    public OcrMode ocrMode() {
        return ocrMode;
    }

    @Override
    public String toString() {
        return "PdfParser{useOutline=" + useOutline + ", tables=" + tables + ", timeLimit=" + timeLimit
                + ", maxMainMemoryBytes=" + maxMainMemoryBytes + ", ocr=" + ocrMode + " " + ocrSettings.languages()
                + "}";
    }

    /** Options of a {@link PdfParser}. Not thread-safe; {@link #build()} returns an immutable parser. */
    public static final class Builder {
        private final SetOnce set = new SetOnce();
        private boolean useOutline = true;
        private boolean tables = true;
        private Duration timeLimit = Duration.ofSeconds(120);
        private long maxMainMemoryBytes = 64L << 20;
        private PageSource pageSource =
                (document, deadline, listener) -> new PdfTextCollector(deadline, listener).collect(document);
        private TableSource tableSource = TableFinder::find;
        private int maxTableSize = PageTables.DEFAULT_MAX_TABLE_SIZE;
        private OcrMode ocrMode = OcrMode.SCANNED;
        private OcrSettings ocrSettings = OcrSettings.DEFAULT;

        private Builder() {}

        /**
         * Which pages are read by OCR (default {@link OcrMode#SCANNED}: those without a text layer, or
         * whose images cover far more of the page than its text). OCR'd pages are drawn at 300 dpi and
         * read by Tesseract 5; their lines go through the same layout and heading stages as a text
         * layer's, and their tables are found from the alignment of their words (a scan paints no rulings). Each OCR'd page has its own time limit ({@link #ocr(OcrSettings)}) on top
         * of the file's.
         */
        public Builder ocr(OcrMode mode) {
            this.ocrMode = Objects.requireNonNull(mode, "mode");
            set.record("ocr mode", mode);
            return this;
        }

        /**
         * How OCR reads (default {@link OcrSettings#DEFAULT}: English, its data found through {@code
         * TESSDATA_PREFIX} or the system's packages' folder, 60 s a page).
         */
        public Builder ocr(OcrSettings settings) {
            this.ocrSettings = Objects.requireNonNull(settings, "settings");
            set.record("ocr settings", settings);
            return this;
        }

        /**
         * Whether headings come from the PDF outline when it has one (default true); false infers them
         * from fonts and numbering, as for PDFs without an outline.
         */
        public Builder useOutline(boolean useOutline) {
            this.useOutline = useOutline;
            set.record("useOutline", useOutline);
            return this;
        }

        /** Whether tables are extracted with Tabula (default true); false leaves their text as text. */
        public Builder tables(boolean tables) {
            this.tables = tables;
            set.record("tables", tables);
            return this;
        }

        /**
         * The longest one file may take (default 120 s); a file over the limit fails with a
         * {@link ParseException} naming the page it was on.
         *
         * @throws IllegalArgumentException when not positive
         */
        public Builder timeLimit(Duration timeLimit) {
            Objects.requireNonNull(timeLimit, "timeLimit");
            if (timeLimit.isNegative() || timeLimit.isZero()) {
                throw new IllegalArgumentException("timeLimit must be positive, was " + timeLimit);
            }
            this.timeLimit = timeLimit;
            set.record("timeLimit", timeLimit);
            return this;
        }

        /**
         * Main memory PDFBox may use for a document's streams before spilling to a scratch file
         * (default 64 MiB).
         *
         * @throws IllegalArgumentException when below 1 MiB
         */
        public Builder maxMainMemoryBytes(long bytes) {
            if (bytes < (1L << 20)) {
                throw new IllegalArgumentException("maxMainMemoryBytes must be >= 1 MiB, was " + bytes);
            }
            this.maxMainMemoryBytes = bytes;
            set.record("maxMainMemoryBytes", bytes);
            return this;
        }

        Builder pageSource(PageSource pageSource) {
            this.pageSource = Objects.requireNonNull(pageSource, "pageSource");
            return this;
        }

        /**
         * Pages with more characters than this, or more than a tenth as many ruling lines, are not
         * searched for tables (default 100,000): their text stays text, so one enormous table cannot
         * stall a corpus inside Tabula, where the per-file time limit is not checked.
         */
        Builder maxTableSize(int characters) {
            if (characters < 1) {
                throw new IllegalArgumentException("maxTableSize must be positive, was " + characters);
            }
            this.maxTableSize = characters;
            return this;
        }

        Builder tableSource(TableSource tableSource) {
            this.tableSource = Objects.requireNonNull(tableSource, "tableSource");
            return this;
        }

        /** The parser. */
        public PdfParser build() {
            return new PdfParser(this);
        }
    }
}
