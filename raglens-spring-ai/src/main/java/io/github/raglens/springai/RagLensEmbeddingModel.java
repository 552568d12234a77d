package io.github.raglens.springai;

import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

/**
 * A raglens embedding provider as a Spring AI embedding model. A single text given to {@link
 * #embed(String)} (how Spring AI's vector stores embed a search query) is embedded as a query;
 * documents and batch requests (what a store embeds when documents are added) as passages, so
 * models with a query prefix, such as bge-small-en-v1.5, get it only on queries.
 */
final class RagLensEmbeddingModel implements EmbeddingModel {

    private final EmbeddingProvider provider;

    RagLensEmbeddingModel(EmbeddingProvider provider) {
        this.provider = Objects.requireNonNull(provider, "embeddingProvider");
    }

    @Override
    public EmbeddingResponse call(EmbeddingRequest request) {
        List<float[]> vectors = provider.embed(request.getInstructions(), EmbeddingPurpose.PASSAGE);
        List<Embedding> embeddings = new ArrayList<>(vectors.size());
        for (int i = 0; i < vectors.size(); i++) {
            embeddings.add(new Embedding(vectors.get(i), i));
        }
        return new EmbeddingResponse(embeddings);
    }

    @Override
    public float[] embed(String text) {
        return provider.embed(List.of(text), EmbeddingPurpose.QUERY).get(0);
    }

    @Override
    public float[] embed(Document document) {
        return provider.embed(List.of(document.getText()), EmbeddingPurpose.PASSAGE)
                .get(0);
    }

    @Override
    public int dimensions() {
        return provider.dimension();
    }

    @Override
    public String toString() {
        return "Spring AI EmbeddingModel over raglens " + provider.modelName();
    }
}
