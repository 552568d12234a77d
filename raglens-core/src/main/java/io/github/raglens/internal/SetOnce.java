package io.github.raglens.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The options a builder was given, by name, so a second setting of one is refused (as Caffeine's
 * builders refuse it) instead of silently winning: a call meant for one option that lands on
 * another, or two places of a program each setting it, show at once. A builder derived from a built
 * object starts with none set, so a variant may change any option once.
 */
public final class SetOnce {

    private final Map<String, Object> set = new LinkedHashMap<>();

    /**
     * Records an option's value.
     *
     * @throws IllegalStateException naming the option and its first value when it was set already
     */
    public void record(String option, Object value) {
        if (set.containsKey(option)) {
            throw new IllegalStateException(option + " was already set to " + set.get(option) + "; set it once");
        }
        set.put(option, value);
    }
}
