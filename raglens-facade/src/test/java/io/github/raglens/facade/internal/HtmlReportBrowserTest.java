package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens the report in headless Chromium: the charts must render, no script error or CSP violation
 * may occur, and a screenshot is kept in {@code target/report-screenshot.png}. Skips when Chromium
 * is not installed, except on CI, where {@code .ci/run} installs it.
 */
@Tag("browser")
class HtmlReportBrowserTest {

    @TempDir
    Path dir;

    private static Path chromium() {
        for (String candidate : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return Path.of(candidate);
            }
        }
        boolean ci = "true".equals(System.getenv("CI"));
        assertThat(ci)
                .as("Chromium must be installed on CI (.ci/run installs it)")
                .isFalse();
        Assumptions.abort("skipped: Chromium is not installed (apt-get install chromium)");
        return null;
    }

    private Result run(Path browser, String... extra) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                browser.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--enable-logging=stderr",
                "--v=0",
                "--user-data-dir=" + Files.createTempDirectory(dir, "profile"),
                "--virtual-time-budget=5000"));
        cmd.addAll(List.of(extra));
        Path out = dir.resolve("out-" + System.nanoTime());
        Path err = dir.resolve("err-" + System.nanoTime());
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        return new Result(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    record Result(String stdout, String stderr) {}

    @Test
    void report_rendersItsChartsWithoutErrors_andIsScreenshotted() throws Exception {
        Path browser = chromium();
        Path html = dir.resolve("report.html");
        Files.writeString(html, HtmlReport.render(ReportFixtures.model()), StandardCharsets.UTF_8);
        String url = html.toUri().toString();

        Result dom = run(browser, "--dump-dom", url);
        assertThat(dom.stdout())
                .contains("data-charts-rendered=\"3\"")
                .doesNotContain("data-errors=")
                .as("hostile corpus text stays inert")
                .doesNotContain("data-pwned=");
        assertThat(dom.stderr()).doesNotContain("Uncaught").doesNotContain("Refused to");

        Path shot = Path.of("target", "report-screenshot.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        run(browser, "--screenshot=" + shot, "--window-size=1280,1800", url);
        assertThat(shot).exists();
        assertThat(Files.size(shot)).isGreaterThan(10_000);
    }
}
