package io.github.raglens.providers;

import io.github.raglens.model.TokenUsage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Token usage summed per stage (e.g. {@code questions}, {@code answers}, {@code judge}) and model.
 * Every provider client records each reply's usage here, failed replies included (they are billed
 * too). Thread-safe.
 */
public final class UsageLedger {

    private final ConcurrentMap<Key, Line> lines = new ConcurrentHashMap<>();

    private record Key(String stage, String model) {}

    /**
     * The usage of one stage and model.
     *
     * @param stage the stage
     * @param model {@code provider/model}
     * @param calls replies counted
     * @param usage tokens summed
     */
    public record Line(String stage, String model, long calls, TokenUsage usage) {
        /** Validates that no field is null. */
        public Line {
            Objects.requireNonNull(stage, "stage");
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(usage, "usage");
        }

        /** The cost in US dollars, empty when the model's price is unknown. */
        public OptionalDouble costUsd(PriceTable prices) {
            return prices.cost(model, usage);
        }
    }

    /** Creates an empty ledger. */
    public UsageLedger() {}

    /**
     * Adds one reply's usage.
     *
     * @param stage the stage, e.g. {@code judge}
     * @param model {@code provider/model}
     * @param usage the tokens of the reply
     */
    public void record(String stage, String model, TokenUsage usage) {
        Objects.requireNonNull(usage, "usage");
        Key key = new Key(Objects.requireNonNull(stage, "stage"), Objects.requireNonNull(model, "model"));
        lines.merge(
                key,
                new Line(stage, model, 1, usage),
                (a, b) ->
                        new Line(stage, model, a.calls() + b.calls(), a.usage().plus(b.usage())));
    }

    /** The lines, ordered by stage then model. */
    public List<Line> lines() {
        List<Line> out = new ArrayList<>(lines.values());
        out.sort(Comparator.comparing(Line::stage).thenComparing(Line::model));
        return List.copyOf(out);
    }

    /** All usage summed. */
    public TokenUsage total() {
        TokenUsage sum = TokenUsage.NONE;
        for (Line l : lines.values()) {
            sum = sum.plus(l.usage());
        }
        return sum;
    }

    /**
     * The total cost in US dollars of the lines whose price is known; {@link #unpricedModels}
     * lists the others.
     */
    public double costUsd(PriceTable prices) {
        double sum = 0;
        for (Line l : lines.values()) {
            sum += l.costUsd(prices).orElse(0);
        }
        return sum;
    }

    /** Models used whose price the table does not know, sorted. */
    public List<String> unpricedModels(PriceTable prices) {
        return lines.values().stream()
                .map(Line::model)
                .filter(m -> prices.price(m).isEmpty())
                .distinct()
                .sorted()
                .toList();
    }

    @Override
    public String toString() {
        return "UsageLedger" + lines();
    }
}
