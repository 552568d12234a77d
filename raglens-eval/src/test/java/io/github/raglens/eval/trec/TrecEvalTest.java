package io.github.raglens.eval.trec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.eval.ScoredId;
import io.github.raglens.result.TrecEvalOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrecEvalTest {

    @TempDir
    Path dir;

    private static final Map<String, Map<String, Integer>> QRELS =
            Map.of("q1", Map.of("a", 1, "b", 0, "c", 1), "q2", Map.of("x", 1));

    @Test
    void ties_areBrokenByDocumentIdDescending_likeTrecEval() {
        // b and c tie; trec_eval ranks c first, so the relevant c is at rank 1.
        Map<String, List<ScoredId>> run = Map.of("q1", List.of(new ScoredId("b", 1.0), new ScoredId("c", 1.0)));
        List<String> lines = TrecEval.evaluate(QRELS, run, "r", opts("recip_rank"));
        assertThat(lines).containsExactly("recip_rank            \tall\t1.0000");
    }

    @Test
    void scoresEqualAsCFloat_tie_andTheTieGoesToTheLargerDocno() throws IOException {
        // 0.30000001 and 0.3 are one float: trec_eval ranks b (the larger docno) first, so a is at rank 2.
        Path qrels = Files.writeString(dir.resolve("qrels"), "q1 0 a 1\nq1 0 b 0\n");
        Path run = Files.writeString(dir.resolve("run"), "q1 Q0 a 1 0.30000001 r\nq1 Q0 b 2 0.3 r\n");
        assertThat(TrecEval.evaluate(qrels, run, opts("recip_rank")))
                .containsExactly("recip_rank            \tall\t0.5000");
    }

    @Test
    void scoresThatDifferAsCFloat_rankByScore() {
        Map<String, List<ScoredId>> run = Map.of("q1", List.of(new ScoredId("a", 0.3000001), new ScoredId("b", 0.3)));
        assertThat(TrecEval.evaluate(Map.of("q1", Map.of("a", 1, "b", 0)), run, "r", opts("recip_rank")))
                .containsExactly("recip_rank            \tall\t1.0000");
    }

    @Test
    void docnoTie_outsideTheBasicMultilingualPlane_comparesUtf8Bytes() {
        // U+1F600 (UTF-8 F0 9F 98 80) sorts above U+FF21 (EF BC A1) as bytes, below it as UTF-16 units.
        String emoji = "doc\uD83D\uDE00";
        String fullwidth = "doc\uFF21";
        Map<String, List<ScoredId>> run = Map.of("q1", List.of(new ScoredId(fullwidth, 1), new ScoredId(emoji, 1)));
        assertThat(TrecEval.evaluate(Map.of("q1", Map.of(fullwidth, 1)), run, "r", opts("recip_rank")))
                .containsExactly("recip_rank            \tall\t0.5000");
    }

    @Test
    void values_equalTheRetrievalMetricsFunctions() {
        Map<String, List<ScoredId>> run = Map.of(
                "q1", List.of(new ScoredId("b", 3), new ScoredId("a", 2), new ScoredId("z", 1)),
                "q2", List.of(new ScoredId("y", 2), new ScoredId("x", 1)));
        List<String> lines = TrecEval.evaluate(QRELS, run, "r", opts("map", "P.2", "ndcg_cut.2", "recall.1"));
        List<String> r1 = List.of("b", "a", "z");
        List<String> r2 = List.of("y", "x");
        double map = (RetrievalMetrics.averagePrecision(r1, Set.of("a", "c"))
                        + RetrievalMetrics.averagePrecision(r2, Set.of("x")))
                / 2;
        double ndcg =
                (RetrievalMetrics.ndcgAt(r1, Set.of("a", "c"), 2) + RetrievalMetrics.ndcgAt(r2, Set.of("x"), 2)) / 2;
        assertThat(lines)
                .containsExactly(
                        "map                   \tall\t" + TrecEval.fixed(map, 4),
                        "P_2                   \tall\t0.5000",
                        "recall_1              \tall\t0.0000",
                        "ndcg_cut_2            \tall\t" + TrecEval.fixed(ndcg, 4));
    }

    @Test
    void judgementsFarApart_costOnlyTheLevelsThatOccur() {
        // Levels 0, 1 and 2,000,000,000: the walks over levels skip the values no document has.
        Map<String, Map<String, Integer>> qrels = Map.of("q1", Map.of("a", 2_000_000_000, "b", 1, "c", 0));
        Map<String, List<ScoredId>> run = Map.of("q1", List.of(new ScoredId("b", 2), new ScoredId("a", 1)));
        double dcg = 1 + 2e9 / log2(3);
        double ideal = 2e9 + 1 / log2(3);

        List<String> lines = TrecEval.evaluate(qrels, run, "r", opts("ndcg", "ndcg_cut.1", "bpref"));

        assertThat(lines)
                .containsExactly(
                        "bpref                 \tall\t1.0000",
                        "ndcg                  \tall\t" + TrecEval.fixed(dcg / ideal, 4),
                        "ndcg_cut_1            \tall\t" + TrecEval.fixed(1 / 2e9, 4));
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    @Test
    void perQuery_printsQueriesInIdOrderThenAll_andIgnoresQueriesWithoutQrels() {
        Map<String, List<ScoredId>> run = Map.of(
                "q2", List.of(new ScoredId("x", 1)),
                "q1", List.of(new ScoredId("a", 1)),
                "q9", List.of(new ScoredId("a", 1)));
        List<String> lines = TrecEval.evaluate(
                QRELS, run, "r", new TrecEvalOptions(List.of("num_ret", "P.1"), true, false, Integer.MAX_VALUE, 1));
        assertThat(lines)
                .containsExactly(
                        "num_ret               \tq1\t1",
                        "P_1                   \tq1\t1.0000",
                        "num_ret               \tq2\t1",
                        "P_1                   \tq2\t1.0000",
                        "num_ret               \tall\t2",
                        "P_1                   \tall\t1.0000");
    }

    @Test
    void fixed_roundsTheExactBinaryValueHalfToEven_likeC() {
        assertThat(TrecEval.fixed(0.03125, 4)).isEqualTo("0.0312");
        // 0.00015 is stored just below the tie: C prints 0.0001 where Java's String.format prints 0.0002.
        assertThat(TrecEval.fixed(0.00015, 4)).isEqualTo("0.0001");
        assertThat(TrecEval.fixed(2.675, 2)).isEqualTo("2.67");
        assertThat(TrecEval.fixed(-412.66666, 4)).isEqualTo("-412.6667");
        assertThat(TrecEval.fixed(-0.00001, 4)).isEqualTo("-0.0000");
    }

    @Test
    void badInput_givesMessagesNamingTheProblem() throws IOException {
        Path qrels = Files.writeString(dir.resolve("qrels.txt"), "q1 0 a 1\n");
        Path run = Files.writeString(dir.resolve("run.txt"), "q1 Q0 a 1\n");
        assertThatThrownBy(() -> TrecEval.evaluate(qrels, run, TrecEvalOptions.defaults()))
                .isInstanceOf(ParseException.class)
                .hasMessage(
                        "cannot parse " + run + ": line 1 has 4 fields; a run line is 'qid Q0 docid rank score runid'");
        Path goodRun = Files.writeString(dir.resolve("good-run.txt"), "q1 Q0 a 1 2.0 r\n");
        Path badRel = Files.writeString(dir.resolve("bad-qrels.txt"), "# judged\nq1 0 a yes\n");
        assertThatThrownBy(() -> TrecEval.evaluate(badRel, goodRun, TrecEvalOptions.defaults()))
                .hasMessage("cannot parse " + badRel + ": line 2: relevance 'yes' is not an integer");
        Path twice = Files.writeString(dir.resolve("twice.txt"), "q1 Q0 a 1 2.0 r\nq1 Q0 a 2 1.0 r\n");
        assertThatThrownBy(() -> TrecEval.evaluate(qrels, twice, TrecEvalOptions.defaults()))
                .hasMessage("query 'q1' retrieves document 'a' twice; each may appear once");
        Path other = Files.writeString(dir.resolve("other.txt"), "q7 Q0 a 1 2.0 r\n");
        assertThatThrownBy(() -> TrecEval.evaluate(qrels, other, TrecEvalOptions.defaults()))
                .hasMessage("no query has both results and relevance judgements");
        assertThatThrownBy(() -> TrecEval.evaluate(qrels, dir.resolve("missing.txt"), TrecEvalOptions.defaults()))
                .hasMessage("cannot parse " + dir.resolve("missing.txt") + ": no such file");
        assertThatThrownBy(() -> TrecEval.evaluate(qrels, twice, opts("mrr")))
                .hasMessageStartingWith("unknown measure 'mrr'; supported: runid, num_q,");
        assertThatThrownBy(() -> TrecEval.evaluate(qrels, twice, opts("P.0")))
                .hasMessage("cutoffs of P must be positive, got '0'");
    }

    private static TrecEvalOptions opts(String... measures) {
        return new TrecEvalOptions(List.of(measures), false, false, Integer.MAX_VALUE, 1);
    }
}
