package io.github.raglens.retrieval;

import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.HashingEmbeddings;

/** One in-memory index of {@link Corpus}, with vectors, shared by the retriever tests. */
final class Fixture {

    static final HashingEmbeddings EMBEDDINGS = HashingEmbeddings.of();
    static final LuceneIndex INDEX = build();

    private Fixture() {}

    private static LuceneIndex build() {
        LuceneIndex index = LuceneIndex.builder().batchSize(3).open();
        index.addAll(Corpus.CHUNKS, EMBEDDINGS);
        return index;
    }

    static Retriever retriever(RetrieverKind name) {
        return Retrievers.create(name, INDEX, EMBEDDINGS, RetrievalConfig.defaults());
    }
}
