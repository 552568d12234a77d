package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium driven through Debian's chromedriver, headless, with a fresh profile and nothing
 * downloaded (Selenium Manager is never asked: both paths are given). Skips when they are not
 * installed, except on CI, where {@code .ci/install} installs them.
 */
final class Browser implements AutoCloseable {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private final ChromeDriver driver;

    private Browser(ChromeDriver driver) {
        this.driver = driver;
    }

    static Browser open(Path profile) {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
            assertThat("true".equals(System.getenv("CI")))
                    .as("Chromium and chromedriver must be installed on CI (.ci/install installs them)")
                    .isFalse();
            Assumptions.abort(
                    "skipped: Chromium or chromedriver is not installed (apt-get install chromium chromium-driver)");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--window-size=1360,1000");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(DRIVER.toString()))
                .usingAnyFreePort()
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(10));
        return new Browser(driver);
    }

    WebDriver driver() {
        return driver;
    }

    /** Runs a script in the page and returns its value. */
    Object script(String js, Object... args) {
        return driver.executeScript(js, args);
    }

    /**
     * Waits up to ten seconds for a condition on the page.
     *
     * @throws AssertionError naming what was awaited when it does not come
     */
    void await(String what, java.util.function.Predicate<WebDriver> condition) {
        long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < end) {
            try {
                if (condition.test(driver)) {
                    return;
                }
            } catch (org.openqa.selenium.WebDriverException e) {
                // not there yet: the page is still loading
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, e);
            }
        }
        throw new AssertionError("waited 10 s for " + what + " at " + driver.getCurrentUrl());
    }

    /** Saves the visible page as a PNG under {@code target/studio-screenshots/}. */
    Path screenshot(String name) {
        Path file = Path.of("target", "studio-screenshots", name + ".png").toAbsolutePath();
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    @Override
    public void close() {
        driver.quit();
    }
}
