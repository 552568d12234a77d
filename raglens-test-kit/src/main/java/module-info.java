/**
 * Contract tests for every raglens plug-in interface, and the fakes they run on, for users' own
 * implementations as much as for raglens's.
 */
module io.github.raglens.testkit {
    requires transitive io.github.raglens.core;
    requires transitive org.junit.jupiter.api;
    requires transitive org.assertj.core;

    exports io.github.raglens.testkit;
}
