package io.github.raglens.parse.xlsx;

import static io.github.raglens.parse.xlsx.XlsxParserTest.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.model.Table;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.apache.poi.poifs.crypt.EncryptionInfo;
import org.apache.poi.poifs.crypt.EncryptionMode;
import org.apache.poi.poifs.crypt.Encryptor;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each bad Excel file fails with one line that names the file, the reason and the remedy, or is read in part and says so. */
class XlsxBadInputTest {

    @TempDir
    Path dir;

    @Test
    void fileCutInHalfGivesTheRowsBeforeTheCutAndSaysSo() throws IOException {
        byte[] whole = workbook(2_000);
        Path file = Files.write(dir.resolve("ledger.xlsx"), Arrays.copyOf(whole, whole.length / 2));

        Document d = new XlsxParser().parse(file);

        assertThat(d.metadata())
                .containsEntry(
                        "damaged",
                        "the file is cut short (its zip directory is missing); read the parts found before the cut;"
                                + " replace it with the complete file for the rest");
        Table first = d.root().children().getFirst().tables().getFirst();
        assertThat(first.rows().subList(0, 3))
                .containsExactly(List.of("Number", "Code"), List.of("1", "7919"), List.of("2", "15838"));
        assertThat(first.rows().size()).isBetween(3, 2_000);
    }

    @Test
    void fileCutBeforeAnySheetIsRefusedWithOneLine() throws IOException {
        byte[] whole = workbook(3);
        Path file = Files.write(dir.resolve("short.xlsx"), Arrays.copyOf(whole, 400));

        assertThatThrownBy(() -> new XlsxParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": the file is cut short (its zip directory is missing) and no"
                        + " XLSX content could be read before the cut; replace it with the complete file");
    }

    @Test
    void passwordProtectedFileIsRefusedWithTheRemedy() throws IOException, GeneralSecurityException {
        Path file = dir.resolve("salaries.xlsx");
        try (POIFSFileSystem fs = new POIFSFileSystem()) {
            Encryptor encryptor = new EncryptionInfo(EncryptionMode.standard).getEncryptor();
            encryptor.confirmPassword("secret");
            try (OutputStream out = encryptor.getDataStream(fs)) {
                out.write(workbook(3));
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                fs.writeFilesystem(out);
            }
        }

        assertThatThrownBy(() -> new XlsxParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": the XLSX file is protected with a password; save a copy"
                        + " without the password in Excel and parse the copy");
    }

    @Test
    void zipBombIsRefusedBeforeItIsInflated() throws IOException {
        Path file = dir.resolve("bomb.xlsx");
        Files.write(file, withPaddedSheet(workbook(3), 50_000_000));
        assertThat(Files.size(file)).isLessThan(200_000);

        assertThatThrownBy(() -> new XlsxParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": refused: a part of the file expands to more than 100 times"
                        + " its compressed size, as a zip bomb does; check where the file came from");
    }

    @Test
    void notAZipAndLegacyExcelFilesEachGetTheirOwnLine() throws IOException {
        Path text = Files.writeString(dir.resolve("figures.xlsx"), "Berth,Ships\nNorth,12\n");
        Path legacy;
        try (POIFSFileSystem fs = new POIFSFileSystem()) {
            fs.createDocument(new java.io.ByteArrayInputStream(new byte[600]), "Workbook");
            legacy = dir.resolve("old.xlsx");
            try (OutputStream out = Files.newOutputStream(legacy)) {
                fs.writeFilesystem(out);
            }
        }

        assertThatThrownBy(() -> new XlsxParser().parse(text))
                .hasMessage("cannot parse " + text + ": not an XLSX file (not a zip package); check the file type or"
                        + " rename it with its real extension");
        assertThatThrownBy(() -> new XlsxParser().parse(legacy))
                .hasMessage("cannot parse " + legacy + ": an Excel 97-2003 file (.xls format) with an xlsx extension;"
                        + " save it as XLSX in Excel or LibreOffice and parse the copy");
    }

    /** A workbook of one sheet: a header row and {@code rows} rows of two numbers. */
    private static byte[] workbook(int rows) throws IOException {
        try (XSSFWorkbook book = new XSSFWorkbook()) {
            XSSFSheet sheet = book.createSheet("Ledger");
            row(sheet, 0, 0, "Number", "Code");
            for (int i = 1; i <= rows; i++) {
                Row row = sheet.createRow(i);
                row.createCell(0).setCellValue(i);
                row.createCell(1).setCellValue(i * 7919L);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            book.write(out);
            return out.toByteArray();
        }
    }

    /** The package with {@code spaces} spaces inside its first sheet's data: tiny compressed, huge inflated. */
    private static byte[] withPaddedSheet(byte[] xlsx, int spaces) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipInputStream in = new ZipInputStream(new java.io.ByteArrayInputStream(xlsx));
                ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                byte[] part = in.readAllBytes();
                if (e.getName().equals("xl/worksheets/sheet1.xml")) {
                    String xml = new String(part, StandardCharsets.UTF_8);
                    part = xml.replace("<sheetData>", "<sheetData>" + " ".repeat(spaces))
                            .getBytes(StandardCharsets.UTF_8);
                }
                out.putNextEntry(new ZipEntry(e.getName()));
                out.write(part);
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }
}
