package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.BeirOptions;
import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.result.BeirResult;
import io.github.raglens.result.BeirScore;
import io.github.raglens.testdata.TinyBeir;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BeirStageTest {

    @TempDir
    Path tmp;

    private Path dataset() {
        return TinyBeir.write(tmp);
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
