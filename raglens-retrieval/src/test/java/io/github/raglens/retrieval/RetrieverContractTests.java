package io.github.raglens.retrieval;

import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.RetrieverContract;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;

/** Every built-in retriever passes the shared {@link RetrieverContract} on the hand-made corpus. */
class RetrieverContractTests {

    abstract static class Base implements RetrieverContract {
        @Override
        public List<String> queries() {
            return Corpus.QUERIES;
        }

        @Override
        public Set<String> excludedChunkIds() {
            return Corpus.EXCLUDED;
        }
    }

    @Nested
    class Bm25 extends Base {
        @Override
        public Retriever retriever() {
            return Fixture.retriever(RetrieverKind.BM25);
        }
    }

    @Nested
    class Dense extends Base {
        @Override
        public Retriever retriever() {
            return Fixture.retriever(RetrieverKind.DENSE);
        }
    }

    @Nested
    class DenseExact extends Base {
        @Override
        public Retriever retriever() {
            return DenseRetriever.builder(Fixture.INDEX, Fixture.EMBEDDINGS)
                    .exact(true)
                    .build();
        }
    }

    @Nested
    class Hybrid extends Base {
        @Override
        public Retriever retriever() {
            return Fixture.retriever(RetrieverKind.HYBRID);
        }
    }

    @Nested
    class HybridRrf extends Base {
        @Override
        public Retriever retriever() {
            return Fixture.retriever(RetrieverKind.HYBRID_RRF);
        }
    }

    @Nested
    class Hierarchical extends Base {
        @Override
        public Retriever retriever() {
            return Fixture.retriever(RetrieverKind.HIERARCHICAL);
        }
    }

    @Nested
    class HierNeighbor extends Base {
        @Override
        public Retriever retriever() {
            return Fixture.retriever(RetrieverKind.HIER_NEIGHBOR);
        }
    }

    @Nested
    class Neighbor extends Base {
        @Override
        public Retriever retriever() {
            return Fixture.retriever(RetrieverKind.NEIGHBOR);
        }
    }
}
