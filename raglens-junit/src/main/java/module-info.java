/** JUnit 5 assertions and an extension that fail a build when retrieval or answer quality drops. */
module io.github.raglens.junit {
    requires transitive io.github.raglens.core;
    requires transitive io.github.raglens.eval;
    requires transitive org.junit.jupiter.api;
    requires com.fasterxml.jackson.databind;
    requires org.opentest4j;

    exports io.github.raglens.junit;

    // Recorded calls are read back through Jackson.
    opens io.github.raglens.junit to
            com.fasterxml.jackson.databind;
}
