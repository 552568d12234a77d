package io.github.raglens.facade.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import io.github.raglens.error.StoreException;
import io.github.raglens.facade.internal.ReportModel.UsageRow;
import io.github.raglens.internal.Json;
import io.github.raglens.usage.UsageLedger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code usage.json}: the tokens and cost per stage and model of every run of a workspace, summed
 * for the report. It stores what a stage's {@link UsageLedger} counted; it counts nothing itself.
 * Thread-safe.
 */
public final class UsageFile {

    private record Key(String stage, String model) {}

    private final Path file;
    private final Map<Key, UsageRow> saved = new HashMap<>();

    UsageFile(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /**
     * Adds to the file what the ledger counted since this object last saved it, so a stage may save
     * after each part of its work. Models of unknown price are saved at no cost.
     */
    synchronized void save(UsageLedger ledger) {
        List<UsageRow> fresh = new ArrayList<>();
        for (UsageLedger.Line l : ledger.lines()) {
            Key key = new Key(l.stage(), l.model());
            UsageRow now = new UsageRow(
                    l.stage(),
                    l.model(),
                    l.calls(),
                    l.usage().promptTokens(),
                    l.usage().completionTokens(),
                    l.costUsd().orElse(0));
            UsageRow before = saved.put(key, now);
            UsageRow delta = before == null ? now : minus(now, before);
            if (delta.calls() > 0) {
                fresh.add(delta);
            }
        }
        if (fresh.isEmpty()) {
            return;
        }
        Map<Key, UsageRow> all = new LinkedHashMap<>();
        for (UsageRow r : read(file)) {
            all.merge(new Key(r.stage(), r.model()), r, UsageFile::plus);
        }
        for (UsageRow r : fresh) {
            all.merge(new Key(r.stage(), r.model()), r, UsageFile::plus);
        }
        List<UsageRow> rows = new ArrayList<>(all.values());
        rows.sort(Comparator.comparing(UsageRow::stage).thenComparing(UsageRow::model));
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Json.prettyWriter().writeValue(tmp.toFile(), rows);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StoreException(file, "cannot write " + file + ": " + e.getMessage(), e);
        }
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

    private static UsageRow minus(UsageRow a, UsageRow b) {
        return new UsageRow(
                a.stage(),
                a.model(),
                a.calls() - b.calls(),
                a.promptTokens() - b.promptTokens(),
                a.completionTokens() - b.completionTokens(),
                a.costUsd() - b.costUsd());
    }

    /** The rows of a usage file; none when it does not exist. */
    static List<UsageRow> read(Path file) {
        if (!Files.exists(file)) {
            return List.of();
        }
        List<UsageRow> rows;
        try {
            rows = Json.reader().forType(new TypeReference<List<UsageRow>>() {}).readValue(file.toFile());
        } catch (IOException e) {
            throw notUsage(file, Json.problem(e), e);
        }
        if (rows == null) {
            throw notUsage(file, "it holds no list of rows", null);
        }
        for (int i = 0; i < rows.size(); i++) {
            UsageRow r = rows.get(i);
            if (r == null || r.stage() == null || r.model() == null) {
                throw notUsage(file, "row " + (i + 1) + " has no stage or no model", null);
            }
        }
        return rows;
    }

    private static StoreException notUsage(Path file, String problem, Exception cause) {
        return new StoreException(
                file, file + " is not a usage file (" + problem + "); delete it to start counting again", cause);
    }
}
