package io.github.raglens;

import com.fasterxml.jackson.core.type.TypeReference;
import io.github.raglens.error.StoreException;
import io.github.raglens.internal.Json;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.providers.PriceTable;
import io.github.raglens.providers.UsageLedger;
import io.github.raglens.providers.UsageMetered;
import io.github.raglens.report.ReportModel.UsageRow;
import io.github.raglens.spi.EmbeddingProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tokens and cost per stage and model, summed over every run of a workspace in {@code usage.json}
 * for the report. A stage meters its chat calls through {@link MeteredLlm} and its embedding calls
 * with {@link #recordEmbeddings}, then {@link #save}s. Thread-safe.
 */
final class UsageLog {

    private record Key(String stage, String model) {}

    private final Path file;
    private final Map<Key, UsageRow> pending = new ConcurrentHashMap<>();

    UsageLog(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /** The price of a model from the built-in table, free when unknown (e.g. every Ollama model). */
    static TokenPrice defaultPrice(String model) {
        return PriceTable.defaults().price(model.toLowerCase(Locale.ROOT)).orElse(TokenPrice.FREE);
    }

    /** Records one reply's tokens. */
    void record(String stage, String model, TokenUsage usage, TokenPrice price) {
        add(stage, model, 1, usage, price);
    }

    /**
     * What an embedding client has counted so far, for {@link #recordEmbeddings}: zero for clients
     * that do not count (the local ONNX models, user code) and for none (null).
     */
    record EmbeddingCount(long calls, TokenUsage usage) {
        static EmbeddingCount of(EmbeddingProvider embeddings) {
            long calls = 0;
            TokenUsage usage = TokenUsage.NONE;
            if (embeddings instanceof UsageMetered metered) {
                for (UsageLedger.Line line : metered.usageLedger().lines()) {
                    calls += line.calls();
                    usage = usage.plus(line.usage());
                }
            }
            return new EmbeddingCount(calls, usage);
        }
    }

    /**
     * Records the embedding calls of a stage: what the client counted since {@code before}, priced
     * like the chat models (free when unknown).
     *
     * @param embeddings the stage's embedding model; null when it runs without one (nothing to record)
     */
    void recordEmbeddings(String stage, EmbeddingProvider embeddings, EmbeddingCount before) {
        if (embeddings == null) {
            return;
        }
        EmbeddingCount now = EmbeddingCount.of(embeddings);
        long calls = now.calls() - before.calls();
        if (calls <= 0) {
            return;
        }
        TokenUsage usage = new TokenUsage(
                now.usage().promptTokens() - before.usage().promptTokens(),
                now.usage().completionTokens() - before.usage().completionTokens());
        add(stage, embeddings.modelName(), calls, usage, defaultPrice(embeddings.modelName()));
    }

    private void add(String stage, String model, long calls, TokenUsage usage, TokenPrice price) {
        UsageRow row =
                new UsageRow(stage, model, calls, usage.promptTokens(), usage.completionTokens(), price.cost(usage));
        pending.merge(new Key(stage, model), row, UsageLog::plus);
    }

    private static UsageRow plus(UsageRow a, UsageRow b) {
        return new UsageRow(
                a.stage(),
                a.model(),
                a.calls() + b.calls(),
                a.promptTokens() + b.promptTokens(),
                a.completionTokens() + b.completionTokens(),
                a.costUsd() + b.costUsd());
    }

    /** Adds what was recorded since the last save to the file. */
    synchronized void save() {
        if (pending.isEmpty()) {
            return;
        }
        Map<Key, UsageRow> all = new LinkedHashMap<>();
        for (UsageRow r : read(file)) {
            all.merge(new Key(r.stage(), r.model()), r, UsageLog::plus);
        }
        for (Key k : List.copyOf(pending.keySet())) {
            UsageRow r = pending.remove(k);
            if (r != null) {
                all.merge(k, r, UsageLog::plus);
            }
        }
        List<UsageRow> rows = new ArrayList<>(all.values());
        rows.sort(Comparator.comparing(UsageRow::stage).thenComparing(UsageRow::model));
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Json.mapper().writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), rows);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StoreException(file, "cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The rows of a usage file; none when it does not exist. */
    static List<UsageRow> read(Path file) {
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            return Json.mapper().readValue(file.toFile(), new TypeReference<List<UsageRow>>() {});
        } catch (IOException e) {
            throw new StoreException(
                    file, file + " is not a usage file (" + e.getMessage() + "); delete it to start counting again", e);
        }
    }
}
