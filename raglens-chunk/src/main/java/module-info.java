/** Flattens documents into sections and cuts them into chunks; audits the chunks. */
module io.github.raglens.chunk {
    requires transitive io.github.raglens.core;

    exports io.github.raglens.chunk;

    // The chunk audit is written to JSON by the facade.
    opens io.github.raglens.chunk to
            com.fasterxml.jackson.databind;
}
