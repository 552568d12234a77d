package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.RetrieverKind;
import io.github.raglens.result.BeirScore;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BeirStageTest {

    @TempDir
    Path tmp;

    private Path dataset() throws Exception {
        Path d = Files.createDirectories(tmp.resolve("tiny"));
        Files.writeString(d.resolve("corpus.jsonl"), """
                {"_id":"d1","title":"Cats","text":"Cats purr when they are content."}
                {"_id":"d2","title":"Dogs","text":"Dogs bark at strangers."}
                {"_id":"d3","title":"Birds","text":"Birds sing at dawn."}
                """);
        Files.writeString(d.resolve("queries.jsonl"), """
                {"_id":"q1","text":"why do cats purr"}
                {"_id":"q2","text":"when do birds sing"}
                """);
        Files.createDirectories(d.resolve("qrels"));
        Files.writeString(d.resolve("qrels/test.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td3\t1\n");
        return d;
    }

    @Test
    void expandingRetrieverWithoutEmbeddings_runsOverBm25_asTheBenchmarkDoes() throws Exception {
        // hierarchical expands BM25's hits when no embedding model is given; beir refused it, asking
        // for embeddings, where benchmark() ran it.
        RagLens lens = RagLens.builder()
                .workspace(tmp.resolve("ws"))
                .noEmbeddings()
                .retrievers(RetrieverKind.BM25, RetrieverKind.HIERARCHICAL)
                .build();

        BeirResult r = lens.beir(dataset(), BeirOptions.defaults(), ProgressListener.NONE);

        assertThat(r.scores()).extracting(BeirScore::retriever).containsExactly("bm25", "hierarchical");
        assertThat(r.scores()).allSatisfy(s -> assertThat(s.ndcgAt10()).isEqualTo(1.0));
    }
}
