package io.github.raglens.spi;

import io.github.raglens.model.EmbeddingPurpose;
import java.util.List;

/**
 * Maps texts to vectors.
 *
 * <p>Implementations must be thread-safe. Vectors of one provider all have {@link #dimension()}
 * components; callers compare them with cosine similarity.
 */
public interface EmbeddingProvider {

    /** The model's name, recorded by indexes so that vectors of different models are never mixed. */
    String modelName();

    /** The number of components of every vector. */
    int dimension();

    /**
     * What besides {@link #modelName()} decides this provider's vectors, for an index to record so that
     * a change rebuilds it instead of mixing vectors: settings that change them (how texts longer than
     * the model's input are handled, a requested dimension) and what the server says the model is (an
     * Ollama model's digest). May ask the server. Default: empty, the name alone decides.
     *
     * @throws io.github.raglens.error.ProviderException when a remote model cannot be asked
     */
    default String vectorSettings() {
        return "";
    }

    /**
     * Embeds texts.
     *
     * @param texts the texts; an empty list gives an empty list
     * @param purpose whether the texts are queries or passages (some models treat them differently)
     * @return one vector per text, in input order; the caller may modify the arrays
     * @throws io.github.raglens.error.ProviderException when a remote model fails
     */
    List<float[]> embed(List<String> texts, EmbeddingPurpose purpose);

    /** Embeds one query. */
    default float[] embedQuery(String query) {
        return embed(List.of(query), EmbeddingPurpose.QUERY).get(0);
    }
}
