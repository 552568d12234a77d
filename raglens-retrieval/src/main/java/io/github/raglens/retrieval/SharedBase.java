package io.github.raglens.retrieval;

import io.github.raglens.model.RetrievalResult;
import io.github.raglens.spi.Retriever;
import java.util.Objects;

/**
 * The retriever an expanding retriever searches through, its results shared with the other expanding
 * retrievers over an equal base on the same index: {@code hierarchical} and {@code hier-neighbor} each
 * hold a hybrid of the same index, embeddings and config, and ask it the same query at the same depth,
 * so the second one takes the first one's result (remembered per index snapshot, see {@link
 * IndexSnapshot#results()}) instead of fusing the same two lists again. A snapshot never changes, so the
 * remembered result is exactly what the base would return again; it reports the latency it had, so the
 * retriever reusing it still counts it ({@link Ranking#nested}). Thread-safe when the base is.
 */
final class SharedBase implements Retriever {

    /**
     * What makes two bases equal: how they were made ({@code name}), the embeddings (the same instance:
     * a provider's own equality may compare whole models or vector tables) and the config.
     */
    static final class Key {
        private final String name;
        private final Object embeddings;
        private final RetrievalConfig config;
        private final int hash;

        Key(String name, Object embeddings, RetrievalConfig config) {
            this.name = Objects.requireNonNull(name, "name");
            this.embeddings = embeddings;
            this.config = Objects.requireNonNull(config, "config");
            this.hash = (31 * name.hashCode() + System.identityHashCode(embeddings)) * 31 + config.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k
                    && k.hash == hash
                    && k.embeddings == embeddings
                    && k.name.equals(name)
                    && k.config.equals(config);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return "SharedBase.Key[" + name + ", " + config + "]";
        }
    }

    /** A question to a base. */
    record Question(Key base, String query, int k) {}

    private final Retriever base;
    private final LuceneIndex index;
    private final Key key;

    SharedBase(Retriever base, LuceneIndex index, Key key) {
        this.base = Objects.requireNonNull(base, "base");
        this.index = Objects.requireNonNull(index, "index");
        this.key = Objects.requireNonNull(key, "key");
    }

    @Override
    public String name() {
        return base.name();
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        return index.shared(new Question(key, query, k), () -> base.retrieve(query, k));
    }

    @Override
    public String toString() {
        return base.toString();
    }
}
