package io.github.raglens.error;

import java.io.Serial;
import java.util.Objects;

/**
 * A run with a budget was refused before it sent anything: one of its paid models has no known
 * price, so its calls could not be held to the budget. The message names the model and the option
 * that gives its price.
 */
public class UnknownPriceException extends RagLensException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** What the model does in the run. */
    public enum Role {
        /** The model that writes the answers. */
        ANSWERS,
        /** The judge model. */
        JUDGE,
        /** The embedding model of the queries and of response relevancy. */
        EMBEDDINGS
    }

    private final String model;
    private final Role role;

    /**
     * Creates an exception.
     *
     * @param model {@code provider/model}
     * @param role what the model does in the run
     * @param message the facts and the remedy
     */
    public UnknownPriceException(String model, Role role, String message) {
        super(message);
        this.model = Objects.requireNonNull(model, "model");
        this.role = Objects.requireNonNull(role, "role");
    }

    /** The model without a price, {@code provider/model}. */
    public String model() {
        return model;
    }

    /** What the model does in the run. */
    public Role role() {
        return role;
    }
}
