package io.github.raglens.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.testdata.SharedData;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Reproduces Anserini's published BM25 figures on BEIR SciFact (skips when the data is absent). */
@Timeout(120)
class SciFactBm25Test {

    private static BeirDataset scifact;
    private static LuceneIndex index;

    @BeforeAll
    static void load() {
        scifact = BeirDataset.load(SharedData.require("beir-scifact"));
        index = LuceneIndex.builder().open();
        index.addAll(scifact.corpus());
    }

    @AfterAll
    static void close() {
        if (index != null) {
            index.close();
        }
    }

    @Test
    void load_scifact_has5183DocumentsAnd300TestQueries() {
        assertThat(scifact.corpus()).hasSize(5183);
        assertThat(scifact.queries()).hasSize(300);
        assertThat(scifact.qrels()).hasSize(300);
    }

    @Test
    void bm25_anseriniSettings_reproducesAnserinisFlatRegression() {
        double[] m = evaluate(0.9f, 0.4f);
        System.out.printf("SciFact BM25 k1=0.9 b=0.4: nDCG@10 %.4f, Recall@100 %.4f%n", m[0], m[1]);
        assertThat(m[0]).isCloseTo(0.6789, within(0.00005));
        assertThat(m[1]).isCloseTo(0.9253, within(0.00005));
    }

    @Test
    void bm25_luceneDefaults_reach068() {
        double[] m = evaluate(1.2f, 0.75f);
        System.out.printf("SciFact BM25 k1=1.2 b=0.75: nDCG@10 %.4f, Recall@100 %.4f%n", m[0], m[1]);
        assertThat(m[0]).isCloseTo(0.6826, within(0.00005));
        assertThat(m[0]).isGreaterThanOrEqualTo(0.68);
    }

    private static double[] evaluate(float k1, float b) {
        Bm25Retriever bm25 = Bm25Retriever.builder(index)
                .config(RetrievalConfig.noExclusions())
                .parameters(k1, b)
                .build();
        double ndcg = 0;
        double recall = 0;
        for (Map.Entry<String, String> q : scifact.queries().entrySet()) {
            List<String> ranked = TrecOracle.trecOrder(bm25.retrieve(q.getValue(), 100));
            Map<String, Integer> rels = scifact.qrels().get(q.getKey());
            ndcg += TrecOracle.ndcgAt(ranked, rels, 10);
            recall += TrecOracle.recallAt(ranked, rels, 100);
        }
        int n = scifact.queries().size();
        return new double[] {ndcg / n, recall / n};
    }
}
