package io.github.raglens.eval.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.LabelDesign;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LabelDrawerTest {

    private static ScoreRecord cell(String system, String q, String version) {
        return new ScoreRecord(
                system, q, "faithfulness", "judge", version, ScoreRecord.SCORED, 1.0, "", "", 0, "h-" + q, "");
    }

    /** bm25 scored q0..q39, dense q0..q19; plus records the draw must ignore. */
    private static List<ScoreRecord> records() {
        List<ScoreRecord> out = new ArrayList<>();
        for (int q = 0; q < 40; q++) {
            out.add(cell("bm25", "q" + q, "v2"));
            if (q < 20) {
                out.add(cell("dense", "q" + q, "v2"));
            }
        }
        out.add(cell("bm25", "old", "v1"));
        out.add(new ScoreRecord(
                "bm25", "failed", "faithfulness", "judge", "v2", ScoreRecord.FAILED, null, "timeout", "", 0, "", ""));
        out.add(new ScoreRecord(
                "bm25", "q0", "faithfulness", "judge", "v2", ScoreRecord.SCORED, 0.0, "", "", 1, "h-q0", ""));
        return out;
    }

    private static List<String> cells(List<LabelDrawer.Drawn<ScoreRecord>> drawn) {
        return drawn.stream()
                .map(d -> d.item().retriever() + "/" + d.item().questionId())
                .toList();
    }

    @Test
    void aLargerDraw_extendsASmallerOne_andTheFileOrderDoesNotMatter() {
        List<ScoreRecord> records = records();
        List<LabelDrawer.Drawn<ScoreRecord>> ten =
                LabelDrawer.draw(records, "faithfulness", "v2", "judge", 10, LabelDesign.UNIFORM, 7);
        List<ScoreRecord> shuffled = new ArrayList<>(records);
        Collections.shuffle(shuffled, new Random(1));
        List<LabelDrawer.Drawn<ScoreRecord>> thirty =
                LabelDrawer.draw(shuffled, "faithfulness", "v2", "judge", 30, LabelDesign.UNIFORM, 7);
        assertThat(cells(thirty).subList(0, 10)).isEqualTo(cells(ten));
        assertThat(thirty).allSatisfy(d -> {
            assertThat(d.draw().population()).isEqualTo(60);
            assertThat(d.draw().stratum()).isEmpty();
            assertThat(d.draw().version()).isEqualTo("v2");
            assertThat(d.item().repeat()).isZero();
        });
        assertThat(thirty).extracting(d -> d.draw().position()).containsExactlyElementsOf(range(1, 30));
        assertThat(cells(LabelDrawer.draw(records, "faithfulness", "v2", "judge", 10, LabelDesign.UNIFORM, 8)))
                .isNotEqualTo(cells(ten));
    }

    @Test
    void perSystem_givesEachSystemTheSameNumber_untilOneRunsOut() {
        List<LabelDrawer.Drawn<ScoreRecord>> drawn =
                LabelDrawer.draw(records(), "faithfulness", "v2", "judge", 50, LabelDesign.PER_SYSTEM, 7);
        Map<String, Integer> counts = new HashMap<>();
        drawn.forEach(d -> counts.merge(d.item().retriever(), 1, Integer::sum));
        assertThat(counts).containsEntry("dense", 20).containsEntry("bm25", 30);
        List<LabelDrawer.Drawn<ScoreRecord>> twenty = drawn.subList(0, 20);
        assertThat(twenty).filteredOn(d -> d.item().retriever().equals("bm25")).hasSize(10);
        assertThat(drawn).filteredOn(d -> d.item().retriever().equals("dense")).allSatisfy(d -> {
            assertThat(d.draw().stratum()).isEqualTo("dense");
            assertThat(d.draw().population()).isEqualTo(20);
        });
        assertThat(LabelDrawer.draw(records(), "faithfulness", "v2", "judge", 500, LabelDesign.PER_SYSTEM, 7))
                .hasSize(60);
    }

    @Test
    void everyCell_isEquallyLikelyToBeDrawn() {
        // 4,000 seeded draws of 6 cells of 60: each cell is drawn with probability 0.1, i.e. 400 times
        // (sd 19); per system with 3 of 40 (bm25, p 0.075, 300) and 3 of 20 (dense, p 0.15, 600).
        long seed = Long.getLong("raglens.seed", 2_024L);
        Random seeds = new Random(seed);
        Map<String, Integer> uniform = new HashMap<>();
        Map<String, Integer> perSystem = new HashMap<>();
        for (int t = 0; t < 4_000; t++) {
            long s = seeds.nextLong();
            cells(LabelDrawer.draw(records(), "faithfulness", "v2", "judge", 6, LabelDesign.UNIFORM, s))
                    .forEach(c -> uniform.merge(c, 1, Integer::sum));
            cells(LabelDrawer.draw(records(), "faithfulness", "v2", "judge", 6, LabelDesign.PER_SYSTEM, s))
                    .forEach(c -> perSystem.merge(c, 1, Integer::sum));
        }
        assertThat(uniform).hasSize(60);
        assertThat(uniform.values())
                .as("seed %d", seed)
                .allSatisfy(n -> assertThat(n).isBetween(320, 480));
        assertThat(perSystem).hasSize(60);
        perSystem.forEach((cell, n) -> assertThat(n)
                .as("seed %d, %s", seed, cell)
                .isBetween(cell.startsWith("bm25") ? 230 : 510, cell.startsWith("bm25") ? 370 : 690));
    }

    @Test
    void nothingToDraw_orABadCount_isRefusedWithTheReason() {
        assertThatThrownBy(() -> LabelDrawer.draw(records(), "faithfulness", "v3", "judge", 5, LabelDesign.UNIFORM, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the judge judge scored no cell of faithfulness (version v3) in this evaluation; evaluate"
                        + " with that metric first");
        assertThatThrownBy(() -> LabelDrawer.draw(records(), "faithfulness", "v2", "judge", 0, LabelDesign.UNIFORM, 1))
                .hasMessage("count must be at least 1, was 0");
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> out = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            out.add(i);
        }
        return out;
    }
}
