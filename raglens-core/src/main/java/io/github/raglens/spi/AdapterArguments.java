package io.github.raglens.spi;

import java.util.Objects;

/**
 * The argument checks an adapter of another library's retriever, system or chat model makes, so the
 * LangChain4j and Spring AI adapters (and one of your own) refuse the same values in the same words.
 */
public final class AdapterArguments {

    private AdapterArguments() {}

    /**
     * A retriever's, system's or model's name: not blank, as it names files and report rows.
     *
     * @return the name
     * @throws IllegalArgumentException if blank
     */
    public static String name(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank; it names the rows of the report");
        }
        return name;
    }

    /**
     * A system's version ({@link RagSystem#version()}): not blank.
     *
     * @return the version, stripped
     * @throws IllegalArgumentException if blank
     */
    public static String version(String version) {
        Objects.requireNonNull(version, "version");
        if (version.isBlank()) {
            throw new IllegalArgumentException("version must not be blank; leave it out when the system has none");
        }
        return version.strip();
    }

    /**
     * The k of a retrieval: positive.
     *
     * @throws IllegalArgumentException if not
     */
    public static void k(int k) {
        if (k <= 0) {
            throw new IllegalArgumentException("k must be > 0, was " + k);
        }
    }
}
