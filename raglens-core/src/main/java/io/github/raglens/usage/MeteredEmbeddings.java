package io.github.raglens.usage;

import io.github.raglens.error.ProviderException;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.EmbeddingProvider;
import java.util.List;

/** An embedding model whose calls a {@link UsageLedger} holds to its budget and, when it can, counts. */
final class MeteredEmbeddings implements EmbeddingProvider {

    private final UsageLedger ledger;
    private final String stage;
    private final EmbeddingProvider delegate;

    MeteredEmbeddings(UsageLedger ledger, EmbeddingProvider embeddings, String stage) {
        this.ledger = ledger;
        this.stage = stage;
        this.delegate =
                embeddings instanceof UsageMetered<?> m && m.meteredBy(ledger, stage) instanceof EmbeddingProvider self
                        ? self
                        : embeddings;
    }

    boolean isOf(UsageLedger l, String s) {
        return ledger == l && stage.equals(s);
    }

    @Override
    public String modelName() {
        return delegate.modelName();
    }

    @Override
    public int dimension() {
        return delegate.dimension();
    }

    @Override
    public String vectorSettings() {
        return delegate.vectorSettings();
    }

    @Override
    public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
        long chars = 0;
        for (String t : texts) {
            chars += t.length();
        }
        double reserved = reserve(chars);
        try {
            return delegate.embed(texts, purpose);
        } finally {
            ledger.release(reserved);
        }
    }

    @Override
    public float[] embedQuery(String query) {
        double reserved = reserve(query.length());
        try {
            return delegate.embedQuery(query);
        } finally {
            ledger.release(reserved);
        }
    }

    private double reserve(long chars) {
        try {
            return ledger.reserve(modelName(), new TokenUsage(TokenUsage.estimateTokens(chars), 0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderException("raglens", modelName(), 0, null, false, "interrupted; rerun to resume", e);
        }
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
