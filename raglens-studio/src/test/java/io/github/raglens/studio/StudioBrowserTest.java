package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The studio in a real browser, on a workspace with real runs: the trend chart's data as Chart.js holds
 * it, two runs compared through the page's own pickers, a question opened from the comparison. One
 * browser for the class.
 */
@Tag("browser")
class StudioBrowserTest {

    @TempDir
    static Path dir;

    static Studio studio;
    static Browser browser;
    static Path studioWorkspace;

    @BeforeAll
    static void start() throws Exception {
        Path profile = Files.createDirectories(dir.resolve("profile"));
        browser = Browser.open(profile);
        studioWorkspace = StudioWorkspaces.threeRuns(dir);
        studio = Studio.builder(studioWorkspace).port(0).start();
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

    @Test
    void labellingTenCellsWithTheKeyboard_keepsThemAfterAReload_andShowsTheAgreement() throws Exception {
        open("/label?metric=faithfulness&design=uniform");
        browser.driver().findElement(By.id("labeller")).sendKeys("Ada Tester");
        browser.script("document.activeElement.blur();");
        // an answer taken back with u: the cell's first item is unanswered again
        keys("y");
        assertThat(body().getAttribute("data-answered")).isEqualTo("1");
        keys("u");
        assertThat(body().getAttribute("data-answered")).isEqualTo("0");

        for (int cell = 0; cell < 10; cell++) {
            int done = cell;
            browser.await(
                    "cell " + (cell + 1),
                    d -> "ready".equals(body().getAttribute("data-labelling")) && progress() == done);
            int items =
                    browser.driver().findElements(By.cssSelector("#items li")).size();
            StringBuilder answers = new StringBuilder();
            for (int i = 0; i < items; i++) {
                answers.append((cell + i) % 3 == 0 ? 'n' : 'y');
            }
            if (cell == 0) {
                browser.screenshot("label");
            }
            keys(answers.toString());
        }
        browser.await("the tenth label", d -> progress() == 10);

        browser.driver().navigate().refresh();
        browser.await("the page again", d -> "ready".equals(body().getAttribute("data-labelling")));

        assertThat(progress()).isEqualTo(10);
        List<io.github.raglens.model.HumanLabel> saved = io.github.raglens.store.HumanLabelsFile.read(
                        studioWorkspace.resolve("human-labels.jsonl"))
                .humanLabels();
        assertThat(saved).hasSize(10).allSatisfy(l -> {
            assertThat(l.labeller()).isEqualTo("Ada Tester");
            assertThat(l.metric()).isEqualTo("faithfulness");
            assertThat(l.isDrawn()).isTrue();
        });
        WebElement agreement = browser.driver().findElement(By.id("agreement"));
        assertThat(agreement.getText()).contains("faithfulness: judge and people both scored 10 cells");
        browser.screenshot("label-agreement");
    }

    @Test
    void aWorkspaceWithoutRuns_saysWhatToRun() throws Exception {
        try (Studio empty = Studio.builder(dir.resolve("empty")).port(0).start()) {
            browser.driver().get(empty.url().toString());

            assertThat(browser.driver().findElement(By.id("no-runs")).getText()).contains("benchmark --docs DIR");
            browser.screenshot("no-runs");
        }
    }

    private static WebElement body() {
        return browser.driver().findElement(By.tagName("body"));
    }

    private static int progress() {
        return Integer.parseInt(browser.driver().findElement(By.id("progress")).getAttribute("data-labelled"));
    }

    private static void keys(String keys) {
        new org.openqa.selenium.interactions.Actions(browser.driver())
                .sendKeys(keys)
                .perform();
    }
}
