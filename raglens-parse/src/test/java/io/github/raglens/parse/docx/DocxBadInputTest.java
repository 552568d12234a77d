package io.github.raglens.parse.docx;

import static io.github.raglens.parse.docx.TestDocx.p;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.DocumentMarkdown;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.apache.poi.poifs.crypt.EncryptionInfo;
import org.apache.poi.poifs.crypt.EncryptionMode;
import org.apache.poi.poifs.crypt.Encryptor;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each bad Word file fails with one line that names the file, the reason and the remedy. */
class DocxBadInputTest {

    @TempDir
    Path dir;

    @Test
    void passwordProtectedFileIsRefusedWithTheRemedy() throws IOException, GeneralSecurityException {
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        TestDocx.body(p("Salaries for 2025.")).write(plain);
        Path file = dir.resolve("salaries.docx");
        try (POIFSFileSystem fs = new POIFSFileSystem()) {
            Encryptor encryptor = new EncryptionInfo(EncryptionMode.standard).getEncryptor();
            encryptor.confirmPassword("secret");
            try (OutputStream out = encryptor.getDataStream(fs)) {
                out.write(plain.toByteArray());
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                fs.writeFilesystem(out);
            }
        }

        assertThatThrownBy(() -> new DocxParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": the DOCX file is protected with a password; save a copy"
                        + " without the password in Word and parse the copy");
    }

    @Test
    void fileCutInHalfGivesTheTextBeforeTheCutAndSaysSo() throws IOException {
        StringBuilder body = new StringBuilder();
        for (int i = 1; i <= 400; i++) {
            body.append(p("Paragraph " + i + " of the minutes, " + Integer.toHexString(i * 7919 * 31) + "."));
        }
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        TestDocx.body(body.toString()).write(whole);
        byte[] bytes = whole.toByteArray();
        Path file = Files.write(dir.resolve("minutes.docx"), Arrays.copyOf(bytes, bytes.length / 2));

        Document d = new DocxParser().parse(file);

        assertThat(d.metadata())
                .containsEntry(
                        "damaged",
                        "the file is cut short (its zip directory is missing); read the parts found before the cut;"
                                + " replace it with the complete file for the rest");
        assertThat(DocumentMarkdown.render(d)).contains("Paragraph 1 of the minutes");
    }

    @Test
    void fileCutBeforeItsTextIsRefusedWithOneLine() throws IOException {
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        TestDocx.body(p("Short.")).write(whole);
        Path file = Files.write(dir.resolve("short.docx"), Arrays.copyOf(whole.toByteArray(), 200));

        assertThatThrownBy(() -> new DocxParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": the file is cut short (its zip directory is missing) and no"
                        + " DOCX content could be read before the cut; replace it with the complete file");
    }

    @Test
    void zipBombIsRefusedBeforeItIsInflated() throws IOException {
        Path file = TestDocx.body(p(" ".repeat(50_000_000) + "x")).write(dir.resolve("bomb.docx"));
        assertThat(Files.size(file)).isLessThan(200_000);
        long before = usedHeap();

        assertThatThrownBy(() -> new DocxParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": refused: a part of the file expands to more than 100 times"
                        + " its compressed size, as a zip bomb does; check where the file came from");
        assertThat(usedHeap() - before).as("heap kept after the refusal").isLessThan(50_000_000);
    }

    @Test
    void partCompressedWithZstandardIsRefusedWithOneLine() throws IOException {
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        TestDocx.body(p("Compressed the way no Office program does.")).write(whole);
        Path file = Files.write(dir.resolve("zstd.docx"), withZstandardMethod(whole.toByteArray()));

        assertThatThrownBy(() -> new DocxParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": refused: a part of the file is compressed with Zstandard,"
                        + " which Word does not write; open and save it again in Word or a compatible program");
    }

    @Test
    void emptyNonZipAndLegacyWordFilesEachGetTheirOwnLine() throws IOException {
        Path empty = Files.write(dir.resolve("empty.docx"), new byte[0]);
        Path text = Files.writeString(dir.resolve("notes.docx"), "just some text, not a package");
        Path legacy;
        try (POIFSFileSystem fs = new POIFSFileSystem()) {
            fs.createDocument(new java.io.ByteArrayInputStream(new byte[600]), "WordDocument");
            legacy = dir.resolve("old.docx");
            try (OutputStream out = Files.newOutputStream(legacy)) {
                fs.writeFilesystem(out);
            }
        }

        assertThatThrownBy(() -> new DocxParser().parse(empty))
                .hasMessage("cannot parse " + empty + ": the file is empty (0 bytes); replace it with the complete"
                        + " file");
        assertThatThrownBy(() -> new DocxParser().parse(text))
                .hasMessage("cannot parse " + text + ": not a DOCX file (not a zip package); check the file type or"
                        + " rename it with its real extension");
        assertThatThrownBy(() -> new DocxParser().parse(legacy))
                .hasMessage("cannot parse " + legacy + ": a Word 97-2003 file (.doc format) with a docx extension;"
                        + " save it as DOCX in Word or LibreOffice and parse the copy");
    }

    /**
     * The package rewritten with its parts stored, each header then saying method 93 (Zstandard): the
     * bytes are not Zstandard frames, but the method alone decides which codec a reader reaches for.
     */
    private static byte[] withZstandardMethod(byte[] docx) throws IOException {
        ByteArrayOutputStream stored = new ByteArrayOutputStream();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(docx));
                ZipOutputStream out = new ZipOutputStream(stored)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                byte[] data = in.readAllBytes();
                CRC32 crc = new CRC32();
                crc.update(data);
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setMethod(ZipEntry.STORED);
                copy.setSize(data.length);
                copy.setCrc(crc.getValue());
                out.putNextEntry(copy);
                out.write(data);
                out.closeEntry();
            }
        }
        ByteBuffer zip = ByteBuffer.wrap(stored.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i + 12 <= zip.limit(); i++) {
            int signature = zip.getInt(i);
            if (signature == 0x04034B50) {
                zip.putShort(i + 8, (short) 93);
            } else if (signature == 0x02014B50) {
                zip.putShort(i + 10, (short) 93);
            }
        }
        return zip.array();
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }
}
