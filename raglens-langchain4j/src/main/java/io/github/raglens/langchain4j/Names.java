package io.github.raglens.langchain4j;

import java.util.Objects;

/** The argument checks every adapter makes. */
final class Names {

    private Names() {}

    /** A retriever's or system's name: not blank, as it names files and report rows. */
    static String check(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank; it names the rows of the report");
        }
        return name;
    }

    /** A system's version: not blank, stripped. */
    static String checkVersion(String version) {
        Objects.requireNonNull(version, "version");
        if (version.isBlank()) {
            throw new IllegalArgumentException("version must not be blank; leave it out when the system has none");
        }
        return version.strip();
    }

    /** The k of a retrieval: positive. */
    static void checkK(int k) {
        if (k <= 0) {
            throw new IllegalArgumentException("k must be > 0, was " + k);
        }
    }
}
