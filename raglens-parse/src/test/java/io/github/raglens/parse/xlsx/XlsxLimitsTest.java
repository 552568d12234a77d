package io.github.raglens.parse.xlsx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sheet of a million cells is read in a small heap: the parser streams it, never loading POI's workbook model. */
@Tag("big-input")
class XlsxLimitsTest {

    static final int ROWS = 50_000;
    static final int COLUMNS = 20;

    @TempDir
    Path dir;

    @Test
    void aMillionCellSheetParsesInA256MiBHeap() throws IOException, InterruptedException {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        System.out.println("aMillionCellSheet seed " + seed + " (rerun with -Draglens.seed=" + seed + ")");
        Path file = millionCells(dir.resolve("ledger.xlsx"), new Random(seed));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(
                        java.toString(),
                        "-Xmx256m",
                        "-XX:+ExitOnOutOfMemoryError",
                        "-cp",
                        System.getProperty("java.class.path"),
                        XlsxMemoryProbe.class.getName(),
                        file.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        System.out.println("forked parse of " + Files.size(file) + " bytes with -Xmx256m: "
                + out.strip().lines().reduce((a, b) -> b).orElse(""));
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("sheets=1 cells=" + (ROWS * COLUMNS) + " ");
    }

    /** A sheet of {@link #ROWS} by {@link #COLUMNS} cells, a header row and then numbers and repeated words. */
    static Path millionCells(Path file, Random random) throws IOException {
        String[] words = {"north", "south", "east", "west", "harbour", "berth", "crane", "dock"};
        try (SXSSFWorkbook book = new SXSSFWorkbook(null, 200, true, true)) {
            Sheet sheet = book.createSheet("Ledger");
            for (int r = 0; r < ROWS; r++) {
                Row row = sheet.createRow(r);
                for (int c = 0; c < COLUMNS; c++) {
                    if (r == 0) {
                        row.createCell(c).setCellValue("column " + (c + 1));
                    } else if (c % 2 == 0) {
                        row.createCell(c).setCellValue(words[random.nextInt(words.length)]);
                    } else {
                        row.createCell(c).setCellValue(random.nextInt(100_000));
                    }
                }
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                book.write(out);
            }
        }
        return file;
    }
}
