package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The studio in a real browser, on a workspace with real runs: the trend chart's data as Chart.js holds
 * it, two runs compared through the page's own pickers, a question opened from the comparison. One
 * browser for the class.
 */
class StudioBrowserTest {

    @TempDir
    static Path dir;

    static Studio studio;
    static Browser browser;

    @BeforeAll
    static void start() throws Exception {
        Path profile = Files.createDirectories(dir.resolve("profile"));
        browser = Browser.open(profile);
        studio = Studio.builder(StudioWorkspaces.threeRuns(dir)).port(0).start();
    }

    @AfterAll
    static void stop() {
        if (studio != null) {
            studio.close();
        }
        if (browser != null) {
            browser.close();
        }
    }

    private static void open(String path) {
        browser.driver().get(studio.url().resolve(path).toString());
    }

    @Test
    void runs_areListed() {
        open("/");

        List<WebElement> rows = browser.driver().findElements(By.cssSelector("#runs tbody tr"));
        assertThat(rows).extracting(r -> r.getAttribute("data-run")).containsExactly("1", "2", "3");
        browser.screenshot("runs");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theTrendChart_holdsEachSystemsMeanPerRun_asTheServerSent() throws Exception {
        open("/trends?metric=retrieval:hit@5");
        browser.await(
                "the chart", d -> "1".equals(d.findElement(By.tagName("body")).getAttribute("data-charts-rendered")));

        List<Map<String, Object>> datasets = (List<Map<String, Object>>) browser.script(
                "return window.studioTrend.chart.data.datasets.map(d => ({label: d.label, data: d.data}));");
        JsonNode sent = StudioPagesTest.trendData(browser.driver().getPageSource());

        assertThat(datasets).extracting(d -> d.get("label")).containsExactly("bm25", "keywords");
        for (int i = 0; i < datasets.size(); i++) {
            List<Object> data = (List<Object>) datasets.get(i).get("data");
            JsonNode points = sent.path("series").get(i).path("points");
            assertThat(data).hasSize(2);
            for (int j = 0; j < data.size(); j++) {
                assertThat(((Number) data.get(j)).doubleValue())
                        .isEqualTo(points.get(j).path("mean").asDouble());
            }
        }
        assertThat(browser.script("return window.studioTrend.chart.data.labels;"))
                .isEqualTo(List.of("run 1", "run 3"));
        browser.screenshot("trends");
    }

    @Test
    void comparingTwoRuns_throughThePickers_thenOpeningAChangedQuestion() {
        open("/compare");
        browser.driver().findElement(By.cssSelector("#run-a option[value='1']")).click();
        browser.await("the page for runs 1 and 3", d -> d.getCurrentUrl().contains("a=1"));
        assertThat(browser.driver().findElement(By.id("run-b")).getDomProperty("value"))
                .isEqualTo("3");

        List<WebElement> rows = browser.driver().findElements(By.cssSelector("#comparison tbody tr"));
        assertThat(rows).hasSize(6);
        assertThat(browser.driver().findElements(By.cssSelector("#changed tbody tr")))
                .isNotEmpty();
        browser.screenshot("compare");

        WebElement first = browser.driver().findElement(By.cssSelector("#changed tbody tr a"));
        String id = first.getText();
        first.click();
        browser.await("the question", d -> d.getCurrentUrl().contains("/question?id="));

        assertThat(browser.driver().findElement(By.id("question")).getAttribute("data-question"))
                .isEqualTo(id);
        assertThat(browser.driver().findElements(By.cssSelector(".ranking"))).hasSize(2);
        assertThat(browser.driver().findElements(By.cssSelector(".ranking mark")))
                .isNotEmpty();
        browser.screenshot("question");
    }
}
