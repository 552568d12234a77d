package io.github.raglens.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import io.github.raglens.eval.baseline.GateFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

class RagLensExtensionTest {

    @TempDir
    Path dir;

    /** A downstream team's regression test, run by the tests below through JUnit's engine. */
    @ExtendWith(RagLensExtension.class)
    @EnabledIfSystemProperty(named = RagLensExtension.FOLDER_PROPERTY, matches = ".+")
    static class DownstreamTest {
        static final GateFixture FIXTURE = new GateFixture();

        @Test
        void unchanged(@BaselineName("retrieval") BaselineFile baseline) {
            baseline.check(FIXTURE.benchmark(FIXTURE.baseline()));
        }

        @Test
        void degraded(@BaselineName("retrieval") BaselineFile baseline) {
            baseline.check(FIXTURE.benchmark(FIXTURE.droppingTheBestHit()));
        }
    }

    @Test
    void withoutABaseline_bothFailSayingHowToRecordOne() {
        Events events = run(false);

        events.assertStatistics(s -> s.started(2).failed(2));
        assertThat(events.failed().stream()
                        .map(e -> e.getRequiredPayload(TestExecutionResult.class)
                                .getThrowable()
                                .orElseThrow()
                                .getMessage()))
                .allSatisfy(m -> assertThat(m)
                        .isEqualTo("no baseline at "
                                + dir.resolve("retrieval.json").toAbsolutePath()
                                + "; record it by running the tests once with -Draglens.baseline.record=true"
                                + " (mvn test -Draglens.baseline.record=true), then commit the file"));
    }

    @Test
    void recorded_thenTheUnchangedPassesAndTheDegradedFails() {
        run(true).assertStatistics(s -> s.started(1).succeeded(1));
        assertThat(dir.resolve("retrieval.json")).exists();

        Events events = run(false);

        events.assertStatistics(s -> s.started(2).succeeded(1).failed(1));
        assertThat(events.failed().stream().map(e -> e.getTestDescriptor().getDisplayName()))
                .containsExactly("degraded(BaselineFile)");
    }

    /** Runs the downstream test class; when recording, only its unchanged system records the file. */
    private Events run(boolean record) {
        System.setProperty(RagLensExtension.FOLDER_PROPERTY, dir.toString());
        try {
            if (record) {
                System.setProperty(BaselineFile.RECORD_PROPERTY, "true");
            }
            return EngineTestKit.engine("junit-jupiter")
                    .selectors(
                            record
                                    ? selectMethod(DownstreamTest.class, "unchanged", BaselineFile.class.getName())
                                    : selectClass(DownstreamTest.class))
                    .execute()
                    .testEvents();
        } finally {
            System.clearProperty(BaselineFile.RECORD_PROPERTY);
            System.clearProperty(RagLensExtension.FOLDER_PROPERTY);
        }
    }

    @Test
    void baselineFile_isWrittenWhereTheExtensionSays() throws Exception {
        run(true);
        assertThat(Files.readString(dir.resolve("retrieval.json")))
                .startsWith("{\n  \"format\" : \"raglens-baseline/1\"");
    }
}
