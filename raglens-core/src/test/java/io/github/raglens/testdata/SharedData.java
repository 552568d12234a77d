package io.github.raglens.testdata;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * Locates the real third-party data in {@code ../shared/data} (set by the build as the system
 * property {@code raglens.sharedData}); tests that need it skip with a clear message when it is absent.
 */
public final class SharedData {

    private SharedData() {}

    /** The folder {@code ../shared/data/<relative>}, or a skipped test when it is absent. */
    public static Path require(String relative) {
        String root = System.getProperty("raglens.sharedData", "../../shared/data");
        Path p = Path.of(root).resolve(relative).normalize();
        Assumptions.assumeTrue(Files.exists(p), () -> "skipped: shared test data not found at " + p);
        return p;
    }
}
