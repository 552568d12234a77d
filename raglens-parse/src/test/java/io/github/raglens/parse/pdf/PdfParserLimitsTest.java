package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Memory and size limits: long documents parse in a small heap, huge tables do not stall a corpus. */
class PdfParserLimitsTest {

    @TempDir
    Path dir;

    private static void tables(Section s, List<Table> out) {
        out.addAll(s.tables());
        s.children().forEach(c -> tables(c, out));
    }

    @Tag("big-input")
    @Test
    void parse_500PageDocument_succeedsInA256MiBHeap() throws IOException, InterruptedException {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        System.out.println("parse_500PageDocument seed " + seed + " (rerun with -Draglens.seed=" + seed + ")");
        Path pdf = LargePdfs.manyPages(dir.resolve("long.pdf"), 500, 30, seed);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(
                        java.toString(),
                        "-Xmx256m",
                        "-XX:+ExitOnOutOfMemoryError",
                        "-cp",
                        System.getProperty("java.class.path"),
                        LargePdfProbe.class.getName(),
                        pdf.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        System.out.println("forked parse with -Xmx256m: "
                + out.strip().lines().reduce((a, b) -> b).orElse(""));
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("pages=500 tables=50 ");
    }

    @Tag("big-input")
    @Test
    void parse_200By30RuledTable_isExtractedWithinTheTimeLimit() throws IOException {
        Path pdf = LargePdfs.ruledTable(dir.resolve("grid.pdf"), 200, 30);
        long t0 = System.nanoTime();
        Document d =
                PdfParser.builder().timeLimit(Duration.ofSeconds(60)).build().parse(pdf);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("200 x 30 ruled table parsed in " + ms + " ms");
        List<Table> found = new ArrayList<>();
        tables(d.root(), found);
        assertThat(found).hasSize(1);
        List<List<String>> rows = found.getFirst().rows();
        assertThat(rows).hasSize(200);
        assertThat(rows).allSatisfy(row -> assertThat(row).hasSize(30));
        assertThat(rows.get(0).get(0)).isEqualTo("h0");
        assertThat(rows.get(199).get(29)).isEqualTo("r199c29");
    }

    @Test
    void parse_tableOverTheSizeCap_keepsItsTextAsTextAndGoesOn() throws IOException {
        Path pdf = LargePdfs.ruledTable(dir.resolve("grid.pdf"), 60, 10);
        Document d = PdfParser.builder().maxTableSize(2_000).build().parse(pdf);
        List<Table> found = new ArrayList<>();
        tables(d.root(), found);
        assertThat(found).isEmpty();
        assertThat(d.root().text()).contains("r59c9");
        Document uncapped = PdfParser.create().parse(pdf);
        List<Table> all = new ArrayList<>();
        tables(uncapped.root(), all);
        assertThat(all).hasSize(1);
    }
}
