package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.StoreException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestTest {

    @TempDir
    Path dir;

    @Test
    void changedChunkerConfig_makesIngestAndEverythingDownstreamStale_butNotQuestions() {
        Path file = dir.resolve("manifest.json");
        Manifest m = Manifest.load(file);
        m.complete(Stage.INGEST, "chunker=section(maxSectionChars=2500)", "test");
        m.complete(Stage.INDEX, "embeddings=bge-small", "test");
        m.complete(Stage.QUESTIONS, "llm=ollama/llama3.2", "test");
        m.complete(Stage.BENCHMARK, "retrievers=bm25", "test");

        Manifest reloaded = Manifest.load(file);
        assertThat(reloaded.isCurrent(Stage.INGEST, "chunker=section(maxSectionChars=2500)"))
                .isTrue();
        assertThat(reloaded.isCurrent(Stage.BENCHMARK, "retrievers=bm25")).isTrue();

        reloaded.complete(Stage.INGEST, "chunker=section(maxSectionChars=1000)", "test");
        assertThat(reloaded.isCurrent(Stage.INDEX, "embeddings=bge-small")).isFalse();
        assertThat(reloaded.isCurrent(Stage.BENCHMARK, "retrievers=bm25")).isFalse();
        assertThat(reloaded.isCurrent(Stage.QUESTIONS, "llm=ollama/llama3.2")).isTrue();

        reloaded.complete(Stage.INDEX, "embeddings=bge-small", "test");
        assertThat(reloaded.isCurrent(Stage.INDEX, "embeddings=bge-small")).isTrue();
        assertThat(reloaded.isCurrent(Stage.BENCHMARK, "retrievers=bm25"))
                .as("benchmark read the old index")
                .isFalse();
    }

    @Test
    void missingStage_isNotCurrent() {
        assertThat(Manifest.load(dir.resolve("m.json")).isCurrent(Stage.INDEX, "x"))
                .isFalse();
    }

    @Test
    void aStageWithoutItsFingerprint_isReportedWithTheFix_notTakenAsCurrent() throws Exception {
        Path file = dir.resolve("manifest.json");
        Files.writeString(file, """
                {"manifestVersion": 1, "stages": {"ingest": {"fingerpRint": "ab12", "description": "x",
                  "completedAt": "2026-01-01T00:00:00Z", "raglensVersion": "0.1.0", "inputs": {}}}}""");

        assertThatThrownBy(() -> Manifest.load(file))
                .isInstanceOf(StoreException.class)
                .hasMessageStartingWith(file + " is not a raglens manifest (")
                .hasMessageContaining("fingerprint")
                .hasMessageEndingWith("); delete it to start afresh")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void corruptManifest_isReportedWithTheFix() throws Exception {
        Path file = dir.resolve("manifest.json");
        Files.writeString(file, "{not json");
        assertThatThrownBy(() -> Manifest.load(file))
                .isInstanceOf(StoreException.class)
                .hasMessageStartingWith(file + " is not a raglens manifest (")
                .hasMessageEndingWith("); delete it to start afresh");
    }
}
