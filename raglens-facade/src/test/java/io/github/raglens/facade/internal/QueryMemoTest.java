package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A query is embedded once per evaluation, whichever retriever asks; passages are not remembered. */
class QueryMemoTest {

    private final AtomicInteger embedded = new AtomicInteger();
    private final AtomicBoolean fail = new AtomicBoolean();

    private final EmbeddingProvider model = new EmbeddingProvider() {
        @Override
        public String modelName() {
            return "fake/counting";
        }

        @Override
        public int dimension() {
            return 2;
        }

        @Override
        public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
            if (fail.get()) {
                throw new IllegalStateException("model down");
            }
            List<float[]> out = new ArrayList<>();
            for (String t : texts) {
                embedded.incrementAndGet();
                out.add(new float[] {t.length(), purpose.ordinal()});
            }
            return out;
        }
    };

    @Test
    void embedQuery_sameQueryFromFourRetrievers_embedsItOnce_andHandsOutCopies() {
        QueryMemo memo = new QueryMemo(model);

        float[] first = memo.embedQuery("what is tidal power?");
        first[0] = -1;
        List<float[]> again = memo.embed(List.of("what is tidal power?"), EmbeddingPurpose.QUERY);
        memo.embedQuery("what is tidal power?");
        memo.embedQuery("what is tidal power?");

        assertThat(embedded).hasValue(1);
        assertThat(again.get(0)).containsExactly(20f, EmbeddingPurpose.QUERY.ordinal());
        memo.embed(List.of("a passage"), EmbeddingPurpose.PASSAGE);
        memo.embed(List.of("a passage"), EmbeddingPurpose.PASSAGE);
        assertThat(embedded).hasValue(3);
    }

    @Test
    void embedQuery_afterAFailure_triesAgain() {
        QueryMemo memo = new QueryMemo(model);
        fail.set(true);
        assertThatThrownBy(() -> memo.embedQuery("q")).hasMessage("model down");
        fail.set(false);
        assertThat(memo.embedQuery("q")).containsExactly(1f, EmbeddingPurpose.QUERY.ordinal());
        assertThat(embedded).hasValue(1);
    }
}
