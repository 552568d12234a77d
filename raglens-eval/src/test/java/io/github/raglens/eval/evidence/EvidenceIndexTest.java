package io.github.raglens.eval.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Chunk;
import io.github.raglens.testkit.ChunkFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

class EvidenceIndexTest {

    private static final long BASE_SEED = 20_260_601L;

    /** Words with shared prefixes and suffixes, so cut first and last words match inside others. */
    private static final String[] WORDS = {
        "tide",
        "tides",
        "tidal",
        "rotor",
        "rotors",
        "blade",
        "blades",
        "the",
        "then",
        "at",
        "cat",
        "0.8",
        "80",
        "8",
        "ﬁn",
        "fin",
        "final",
        "“slack”",
        "\"slack\"",
        "flow",
        "inflow",
        "–",
        "-",
        "a",
        "é",
        "é",
        "潮汐",
        "発電",
        "ship",
        "ships"
    };

    private static final String[] SPACES = {" ", " ", " ", "  ", "\n", "\u00A0", "\u2009", "\u200B"};

    static Chunk chunk(int i, String text) {
        return ChunkFixtures.sectionNamed("c" + i, "doc", "s" + i, "s" + i, i, text);
    }

    private static String text(Random random, int words) {
        StringBuilder sb = new StringBuilder();
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                sb.append(SPACES[random.nextInt(SPACES.length)]);
            }
            sb.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return sb.toString();
    }

    /** The count by definition: every chunk's normalised text searched for the normalised quote. */
    private static int naiveCount(List<Chunk> chunks, String quote) {
        return (int)
                chunks.stream().filter(c -> Evidence.occursIn(quote, c.text())).count();
    }

    @RepeatedTest(100)
    void count_equalsASearchOfEveryChunk_forQuotesCutAnywhere(RepetitionInfo info) {
        long seed = BASE_SEED + info.getCurrentRepetition();
        Random random = new Random(seed);
        List<Chunk> chunks = new ArrayList<>();
        int n = 1 + random.nextInt(60);
        for (int i = 0; i < n; i++) {
            chunks.add(chunk(i, text(random, 1 + random.nextInt(30))));
        }
        EvidenceIndex index = EvidenceIndex.of(chunks);
        for (int q = 0; q < 40; q++) {
            String quote;
            if (random.nextBoolean()) {
                // a piece of a chunk's text, cut at any character: first and last words may be partial
                String source = chunks.get(random.nextInt(n)).text();
                int from = random.nextInt(source.length());
                quote = source.substring(from, from + 1 + random.nextInt(source.length() - from));
            } else {
                quote = text(random, 1 + random.nextInt(5));
            }
            assertThat(index.count(quote))
                    .as("seed %d (rerun with this BASE_SEED + repetition), quote '%s'", seed, quote)
                    .isEqualTo(naiveCount(chunks, quote));
            assertThat(index.chunksContaining(quote))
                    .as("seed %d, quote '%s'", seed, quote)
                    .containsExactlyElementsOf(chunks.stream()
                            .filter(c -> Evidence.occursIn(quote, c.text()))
                            .toList());
        }
    }

    @Test
    void commonPhrase_isCountedInEveryChunkHoldingIt_andARareSentenceInItsOwn() {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            chunks.add(chunk(i, "Row " + i + " of the survey. The results show a rise of " + i + " percent."));
        }
        EvidenceIndex index = EvidenceIndex.of(chunks);

        assertThat(index.count("the results")).isZero();
        assertThat(index.count("The results")).isEqualTo(40);
        assertThat(index.count("The results show a rise of 17 percent")).isEqualTo(1);
        assertThat(index.count("a rise of 1")).isEqualTo(11);
        assertThat(index.count("")).isZero();
        assertThat(index.chunksContaining("rise of 39 percent")).containsExactly(chunks.get(39));
        assertThat(index.size()).isEqualTo(40);
    }
}
