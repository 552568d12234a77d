package io.github.raglens.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.Chunk;
import io.github.raglens.testkit.ChunkFixtures;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RetrievalConfigTest {

    private static Chunk at(String path) {
        return ChunkFixtures.section("d", "s", path, 0, "text");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "References",
                "paper > 7. References",
                "paper > REFERENCES:",
                "paper > A.1 Bibliography",
                "paper > IV. Contents",
                "paper > Index",
                "paper >  List of  Figures ",
                "list of tables"
            })
    void isExcluded_bibliographyLikeTitles_afterNormalisation(String path) {
        assertThat(RetrievalConfig.defaults().isExcluded(at(path))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Indexing methods",
                "paper > References > Method",
                "Related work",
                "paper > 2 Contents of the box"
            })
    void isExcluded_otherTitles_areKept(String path) {
        assertThat(RetrievalConfig.defaults().isExcluded(at(path))).isFalse();
    }

    @Test
    void custom_titlesAreNormalisedToo() {
        RetrievalConfig c = RetrievalConfig.defaults().withExcludedSectionTitles(Set.of("  Acknowledgements! "));
        assertThat(c.excludedSectionTitles()).containsExactly("acknowledgements");
        assertThat(c.isExcluded(at("paper > 8 Acknowledgements"))).isTrue();
        assertThat(c.isExcluded(at("paper > References"))).isFalse();
        assertThat(RetrievalConfig.noExclusions().isExcluded(at("References"))).isFalse();
    }

    @Test
    void overRetrievalFactor_belowOne_isRejected() {
        assertThatThrownBy(() -> RetrievalConfig.defaults().withOverRetrievalFactor(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("overRetrievalFactor must be >= 1, was 0");
    }
}
