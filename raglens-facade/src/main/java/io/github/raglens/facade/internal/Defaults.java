package io.github.raglens.facade.internal;

import io.github.raglens.RagLens;
import io.github.raglens.facade.cli.Models;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.providers.Ollama;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.LlmProvider;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The models a {@link RagLens.Builder} uses when none is given, each made on first use. A builder
 * derived from a built configuration ({@link RagLens#toBuilder()}) tells them by type and makes them
 * anew, so a variant's default follows the variant's own workspace, backend and concurrency.
 */
public final class Defaults {

    private Defaults() {}

    /**
     * The default embedding model: the one the workspace's index records, so queries are embedded as
     * the index is, else bge-small-en-v1.5.
     */
    public static final class IndexedEmbeddings implements Supplier<EmbeddingProvider> {
        private final Supplier<EmbeddingProvider> model;

        public IndexedEmbeddings(IndexBackend backend, Map<String, String> backendOptions, Path index) {
            this.model = Lazy.of(() -> backend.embeddingModel(backendOptions, Pipeline.WORKSPACE_INDEX, index)
                    .map(name -> Models.embeddingsNamed(name, Path.of("").toAbsolutePath())
                            .get())
                    .orElseGet(() -> OnnxEmbeddings.builder().bgeSmallEnV15().build()));
        }

        @Override
        public EmbeddingProvider get() {
            return model.get();
        }
    }

    /**
     * The default chat model: Ollama's default model, its client allowed as many calls in flight as
     * the builder's concurrency (its own default of 16 would cap a higher one unseen).
     */
    public static final class Chat implements Supplier<LlmProvider> {
        private final Supplier<LlmProvider> model;

        public Chat(int concurrency) {
            this.model = Lazy.of(() -> Ollama.chat(ProviderKind.OLLAMA.defaultChatModel())
                    .maxConcurrency(concurrency)
                    .build());
        }

        @Override
        public LlmProvider get() {
            return model.get();
        }
    }
}
