package io.github.raglens.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Chunk;
import io.github.raglens.testkit.ChunkFixtures;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChunkFilterTest {

    private static final List<String> PATHS = List.of(
            "paper > 7. References",
            "paper > REFERENCES:",
            "paper > Method",
            "Index",
            "Indexing methods",
            "paper > References > Method",
            "paper > 8 Acknowledgements",
            "2. Results");

    @Test
    void verdicts_areTheConfigsOwn_askedOnceOrManyTimes() {
        for (RetrievalConfig config : List.of(
                RetrievalConfig.defaults(),
                RetrievalConfig.noExclusions(),
                RetrievalConfig.defaults().withExcludedSectionTitles(Set.of("Acknowledgements")))) {
            ChunkFilter filter = new ChunkFilter(config);
            for (int round = 0; round < 3; round++) {
                for (String path : PATHS) {
                    Chunk c = ChunkFixtures.section("d", "s", path, 0, "text");
                    assertThat(filter.isExcluded(c))
                            .as("%s, round %d: %s", config, round, path)
                            .isEqualTo(config.isExcluded(c));
                }
            }
            assertThat(filter.config()).isSameAs(config);
        }
    }
}
