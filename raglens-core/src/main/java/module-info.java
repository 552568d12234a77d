/**
 * The data model, the plug-in interfaces and the exceptions every raglens module shares, with the
 * workspace's chunk file, the usage ledger and the regression gate's settings.
 *
 * <p>{@code io.github.raglens.internal} holds helpers the raglens modules share; it is exported to
 * them only and is not part of the API.
 */
// "module": the qualified exports name sibling modules, which are not observable when core compiles.
@SuppressWarnings("module")
module io.github.raglens.core {
    requires com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.datatype.jdk8;
    requires org.slf4j;

    exports io.github.raglens.error;
    exports io.github.raglens.gate;
    exports io.github.raglens.model;
    exports io.github.raglens.result;
    exports io.github.raglens.spi;
    exports io.github.raglens.store;
    exports io.github.raglens.usage;
    exports io.github.raglens.internal to
            io.github.raglens.eval,
            io.github.raglens.chunk,
            io.github.raglens.parse,
            io.github.raglens.retrieval,
            io.github.raglens.providers,
            io.github.raglens.onnx,
            io.github.raglens.solr,
            io.github.raglens,
            io.github.raglens.studio,
            io.github.raglens.junit;

    // Jackson reads and writes the records of these packages through their private fields.
    opens io.github.raglens.model to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.result to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.store to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.internal to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.usage to
            com.fasterxml.jackson.databind;
}
