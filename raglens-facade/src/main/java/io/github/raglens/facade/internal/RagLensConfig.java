package io.github.raglens.facade.internal;

import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.error.Setting;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.internal.SectionTitles;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.Chunker;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.Parser;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The validated options of a {@link RagLens}, shared by it and its builder. Parts that are expensive
 * or need a server (the local embedding model, Ollama) are suppliers, created on first use.
 * {@code embeddings} is null when disabled; {@code judge} is null when it is the same as {@code llm};
 * {@code secondJudge} is null when there is none; {@code progress} hears the stages called without a
 * listener of their own.
 * {@code systems} are users' own systems evaluated beside the retrievers' pipelines; {@code
 * lengthFair} holds the characters per rank of the length-fair comparison when it is asked for (0: the
 * shortest mean context length), empty when it is added only as the contexts need; {@code evidenceRule} says
 * when a question's evidence quote identifies its passage. {@code backend} holds the index (by default
 * {@code lucene}, raglens's own), with its options.
 */
public record RagLensConfig(
        Path workspace,
        Supplier<Parser> parser,
        Chunker chunker,
        Supplier<EmbeddingProvider> embeddings,
        List<RetrieverKind> retrieverKinds,
        List<Retriever> customRetrievers,
        Supplier<LlmProvider> llm,
        Supplier<LlmProvider> judge,
        Supplier<LlmProvider> secondJudge,
        ProgressListener progress,
        List<Integer> ks,
        Relevance relevance,
        long seed,
        int concurrency,
        List<RagSystem> systems,
        OptionalInt lengthFair,
        EvidenceRule evidenceRule,
        IndexBackend backend,
        Map<String, String> backendOptions) {

    /** The judge model: the configured one, or the LLM. */
    public Supplier<LlmProvider> judgeModel() {
        return judge == null ? llm : judge;
    }

    /** The second judge model, created on first use; empty when there is none. */
    Optional<LlmProvider> secondJudgeModel() {
        return Optional.ofNullable(secondJudge).map(Supplier::get);
    }

    /**
     * The retrievers to compare: the built-in ones over {@code index} (dense ones embedding queries
     * with {@code embeddings}, may be null for BM25-only), then the custom ones.
     *
     * @param index the index; null when no built-in retriever is configured
     */
    List<Retriever> retrievers(IndexBackend.Index index, EmbeddingProvider embeddings) {
        List<Retriever> out = builtInRetrievers(index, embeddings);
        out.addAll(customRetrievers);
        return out;
    }

    /** The built-in retrievers over {@code index}, which may be null when there are none. */
    List<Retriever> builtInRetrievers(IndexBackend.Index index, EmbeddingProvider embeddings) {
        List<Retriever> out = new ArrayList<>();
        for (RetrieverKind kind : retrieverKinds) {
            out.add(index.retriever(kind, embeddings, SectionTitles.DEFAULT_EXCLUDED));
        }
        return out;
    }

    /**
     * @throws IllegalStateException when there is nothing to benchmark, two retrievers or systems
     *     share a name, or the length-fair comparison is asked for without evidence relevance
     */
    public RagLensConfig {
        retrieverKinds = List.copyOf(retrieverKinds);
        customRetrievers = List.copyOf(customRetrievers);
        systems = List.copyOf(systems);
        ks = List.copyOf(ks);
        Objects.requireNonNull(backend, "backend");
        backendOptions = Map.copyOf(backendOptions);
        if (retrieverKinds.isEmpty() && customRetrievers.isEmpty() && systems.isEmpty()) {
            throw new IllegalStateException("no retriever to benchmark; name one with retrievers(...)");
        }
        Set<String> names = new HashSet<>();
        retrieverKinds.forEach(kind -> names.add(kind.label()));
        for (String name : Stream.concat(
                        customRetrievers.stream().map(Retriever::name),
                        systems.stream().map(RagSystem::name))
                .toList()) {
            if (!names.add(name)) {
                throw new IllegalStateException("two retrievers or systems are named '" + name
                        + "'; give each its own name (" + Setting.OWN_NAMES.apiName() + ")");
            }
        }
        if (lengthFair.isPresent() && !relevance.byEvidence()) {
            throw new IllegalStateException(Setting.LENGTH_FAIR.apiName() + " compares by evidence; use evidence"
                    + " relevance (" + Setting.RELEVANCE.apiName() + ")");
        }
    }

    /** The options, never a secret: what {@link RagLens#toString()} shows. */
    public String describe() {
        return "workspace=" + workspace
                + ", chunker=" + chunker
                + ", retrievers=" + retrieverKinds
                + (customRetrievers.isEmpty()
                        ? ""
                        : ", customRetrievers="
                                + customRetrievers.stream().map(Retriever::name).toList())
                + (systems.isEmpty()
                        ? ""
                        : ", systems=" + systems.stream().map(RagSystem::name).toList())
                + ", k=" + ks
                + ", relevance=" + relevance
                + (lengthFair.isPresent() ? ", lengthFair=" + lengthFair.getAsInt() : "")
                + (evidenceRule.equals(EvidenceRule.defaults()) ? "" : ", evidenceRule=" + evidenceRule)
                + ", seed=" + seed
                + ", backend=" + backend.name();
    }
}
