package io.github.raglens.langchain4j;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.request.EmbeddingInput;
import dev.langchain4j.model.embedding.request.EmbeddingInputType;
import dev.langchain4j.model.embedding.request.EmbeddingParameter;
import dev.langchain4j.model.embedding.request.EmbeddingRequest;
import dev.langchain4j.model.embedding.request.EmbeddingRequestParameters;
import dev.langchain4j.model.embedding.response.EmbeddingResponse;
import dev.langchain4j.model.output.Response;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A raglens embedding provider as a LangChain4j embedding model. Requests marked {@link
 * EmbeddingInputType#QUERY}, and single texts passed to {@link #embed(String)} (how LangChain4j's
 * content retriever embeds its query when no input type is set), are embedded as queries;
 * everything else (segments added to a store) as passages, so models with a query prefix, such as
 * bge-small-en-v1.5, get it only on queries.
 */
final class RagLensEmbeddingModel implements EmbeddingModel {

    private final EmbeddingProvider provider;

    RagLensEmbeddingModel(EmbeddingProvider provider) {
        this.provider = Objects.requireNonNull(provider, "embeddingProvider");
    }

    @Override
    public Response<Embedding> embed(String text) {
        return Response.from(Embedding.from(
                provider.embed(List.of(text), EmbeddingPurpose.QUERY).get(0)));
    }

    @Override
    public EmbeddingResponse doEmbed(EmbeddingRequest request) {
        EmbeddingPurpose purpose =
                request.inputType() == EmbeddingInputType.QUERY ? EmbeddingPurpose.QUERY : EmbeddingPurpose.PASSAGE;
        List<String> texts = request.inputs().stream().map(EmbeddingInput::text).toList();
        List<Embedding> embeddings =
                provider.embed(texts, purpose).stream().map(Embedding::from).toList();
        return EmbeddingResponse.builder()
                .embeddings(embeddings)
                .modelName(provider.modelName())
                .build();
    }

    @Override
    public Set<EmbeddingParameter<?>> supportedParameters() {
        return Set.of(EmbeddingRequestParameters.INPUT_TYPE);
    }

    @Override
    public int dimension() {
        return provider.dimension();
    }

    @Override
    public String modelName() {
        return provider.modelName();
    }

    @Override
    public String toString() {
        return "LangChain4j EmbeddingModel over raglens " + provider.modelName();
    }
}
