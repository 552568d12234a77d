package io.github.raglens.providers;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.error.ProviderException;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.model.TokenUsage;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * The wiring every HTTP embedding client shares: one {@link HttpCaller}, the {@link EmbeddingChecks}
 * of its replies, and the batch request ({@code model} plus an {@code input} array of texts, with
 * the client's own fields). A client adds its path, its fields and how it reads a reply.
 * Thread-safe.
 */
final class EmbeddingRequests {

    /**
     * One batch's reply.
     *
     * @param vectors the vectors, in input order
     * @param usage the tokens the server counted
     */
    public record Reply(List<float[]> vectors, TokenUsage usage) {}

    private final HttpCaller caller;
    private final EmbeddingChecks checks;

    /**
     * @param config the client's settings
     * @param hints the provider's remedies for failures
     * @param dimension the declared dimension, or 0 to learn it from the first reply
     */
    public EmbeddingRequests(ClientConfig config, ProviderHints hints, int dimension) {
        this.caller = new HttpCaller(config, hints);
        this.checks = new EmbeddingChecks(caller.config(), dimension);
    }

    /** The caller, for requests other than embeddings (e.g. a model check). */
    public HttpCaller caller() {
        return caller;
    }

    /** The client's settings. */
    public ClientConfig config() {
        return caller.config();
    }

    /** The dimension, probing once when it is not known yet. */
    public int dimension(IntSupplier probe) {
        return checks.dimension(probe);
    }

    /**
     * Embeds {@code texts} in requests of at most {@code batchSize} texts posted to {@code path},
     * each text sent after {@code prefix}, and returns the checked vectors in input order.
     *
     * @param fields adds the client's own fields to each request body
     * @param reader reads one reply
     * @throws NullPointerException if a text is null
     * @throws ProviderException when a reply's count or a dimension is wrong, or the call fails
     */
    public List<float[]> embed(
            String path,
            List<String> texts,
            int batchSize,
            String prefix,
            Consumer<ObjectNode> fields,
            HttpCaller.ReplyReader<Reply> reader) {
        return checks.inBatches(texts, batchSize, batch -> {
            ObjectNode body = StrictJson.object();
            body.put("model", caller.config().model());
            ArrayNode input = body.putArray("input");
            long estimate = 0;
            for (String t : batch) {
                input.add(prefix + Objects.requireNonNull(t, "text"));
                estimate += TokenUsage.estimateTokens(t.length());
            }
            fields.accept(body);
            return caller.post(path, body, estimate, reader, Reply::usage).vectors();
        });
    }
}
