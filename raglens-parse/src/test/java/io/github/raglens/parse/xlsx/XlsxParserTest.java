package io.github.raglens.parse.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.apache.poi.ss.usermodel.ClientAnchor;
import org.apache.poi.ss.usermodel.Comment;
import org.apache.poi.ss.usermodel.CreationHelper;
import org.apache.poi.ss.usermodel.Drawing;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.xssf.usermodel.XSSFCellStyle;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class XlsxParserTest {

    @TempDir
    Path dir;

    @Test
    void eachVisibleSheetIsASectionAndEachRegionOfTouchingCellsATableUnderItsTitle() throws IOException {
        Path file = dir.resolve("harbour.xlsx");
        try (XSSFWorkbook book = new XSSFWorkbook()) {
            XSSFSheet sales = book.createSheet("Sales");
            row(sales, 0, 0, "Quarterly cargo");
            sales.addMergedRegion(new CellRangeAddress(0, 0, 0, 2));
            row(sales, 1, 0, "Berth", "Date", "Tonnes");
            row(sales, 2, 0, "North");
            row(sales, 3, 0, "South");
            XSSFCellStyle date = book.createCellStyle();
            CreationHelper helper = book.getCreationHelper();
            date.setDataFormat(helper.createDataFormat().getFormat("yyyy-mm-dd"));
            sales.getRow(2).createCell(1).setCellValue(LocalDate.of(2025, 3, 31));
            sales.getRow(2).getCell(1).setCellStyle(date);
            sales.getRow(2).createCell(2).setCellValue(4500.5);
            sales.getRow(3).createCell(2).setCellFormula("C3*2");
            book.getCreationHelper().createFormulaEvaluator().evaluateAll();
            row(sales, 6, 4, "Crane", "Hours");
            row(sales, 7, 4, "C1", "12");
            Drawing<?> drawing = sales.createDrawingPatriarch();
            ClientAnchor anchor = helper.createClientAnchor();
            Comment note = drawing.createCellComment(anchor);
            note.setString(helper.createRichTextString("Counted by hand"));
            note.setAuthor("Ann");
            sales.getRow(7).getCell(5).setCellComment(note);
            XSSFSheet hidden = book.createSheet("Lookup");
            row(hidden, 0, 0, "secret", "list");
            book.setSheetHidden(1, true);
            XSSFSheet notes = book.createSheet("Notes");
            row(notes, 2, 1, "Figures are provisional.");
            try (OutputStream out = Files.newOutputStream(file)) {
                book.write(out);
            }
        }

        Document d = new XlsxParser().parse(file);

        assertThat(d.title()).isEqualTo("harbour");
        assertThat(d.pageCount()).isEqualTo(2);
        List<Section> sheets = d.root().children();
        assertThat(sheets).extracting(Section::title).containsExactly("Sales", "Notes");
        assertThat(sheets).extracting(Section::pageStart).containsExactly(1, 2);
        Section first = sheets.getFirst();
        assertThat(first.tables())
                .extracting(Table::rows)
                .containsExactly(
                        List.of(
                                List.of("Berth", "Date", "Tonnes"),
                                List.of("North", "2025-03-31", "4500.5"),
                                List.of("South", "", "9001")),
                        List.of(List.of("Crane", "Hours"), List.of("C1", "12")));
        assertThat(first.text()).isEqualTo("""
                        Quarterly cargo

                        | Berth | Date | Tonnes |
                        | --- | --- | --- |
                        | North | 2025-03-31 | 4500.5 |
                        | South |  | 9001 |

                        | Crane | Hours |
                        | --- | --- |
                        | C1 | 12 |

                        Comment on F8 by Ann: Counted by hand""");
        assertThat(sheets.get(1).text()).isEqualTo("Figures are provisional.");
        assertThat(sheets.get(1).tables()).isEmpty();
    }

    @Test
    void cellsTouchingOnlyAtACornerAreTwoTables() throws IOException {
        Path file = dir.resolve("corner.xlsx");
        try (XSSFWorkbook book = new XSSFWorkbook()) {
            XSSFSheet sheet = book.createSheet("Grid");
            row(sheet, 0, 0, "Ship", "Flag");
            row(sheet, 1, 0, "Aurora", "NO");
            row(sheet, 2, 2, "Crew", "Cabins");
            row(sheet, 3, 2, "21", "14");
            try (OutputStream out = Files.newOutputStream(file)) {
                book.write(out);
            }
        }

        Document d = new XlsxParser().parse(file);

        assertThat(d.root().children().getFirst().tables())
                .extracting(Table::rows)
                .containsExactly(
                        List.of(List.of("Ship", "Flag"), List.of("Aurora", "NO")),
                        List.of(List.of("Crew", "Cabins"), List.of("21", "14")));
    }

    @Test
    void aRegionMostlyBlankAcrossItsSpanIsWrittenAsItsRowsNotAGrid() throws IOException {
        Path file = dir.resolve("stairs.xlsx");
        try (XSSFWorkbook book = new XSSFWorkbook()) {
            XSSFSheet sheet = book.createSheet("Stairs");
            for (int i = 0; i < 200; i++) {
                row(sheet, i, i, "s" + i, "t" + i);
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                book.write(out);
            }
        }

        Section sheet = new XlsxParser().parse(file).root().children().getFirst();

        assertThat(sheet.tables()).isEmpty();
        assertThat(sheet.text()).startsWith("s0 | t0\ns1 | t1\n").endsWith("\ns199 | t199");
    }

    /** Writes texts into a row from a column on, creating the row when it is new. */
    static void row(XSSFSheet sheet, int row, int column, String... texts) {
        Row r = sheet.getRow(row) == null ? sheet.createRow(row) : sheet.getRow(row);
        for (int i = 0; i < texts.length; i++) {
            r.createCell(column + i).setCellValue(texts[i]);
        }
    }
}
