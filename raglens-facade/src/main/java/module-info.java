/**
 * The raglens facade: {@code RagLens.builder()}, the workspace, the pipeline stages and the
 * reports. The API is {@code io.github.raglens} (with the sample corpus and the workspace); its
 * workings, {@code io.github.raglens.facade.internal}, are not exported, and the models and HTTP
 * services the CLI's flags name ({@code io.github.raglens.facade.cli}) go to the CLI alone.
 */
// "requires-automatic": PDFBox has no module descriptor. "module": the CLI, to which the workings
// are exported, is not observable when this module compiles.
@SuppressWarnings({"requires-automatic", "module"})
module io.github.raglens {
    requires transitive io.github.raglens.core;
    requires transitive io.github.raglens.eval;
    // Users configure the chunkers of raglens-chunk by hand (RagLens.Builder.chunker).
    requires transitive io.github.raglens.chunk;
    requires io.github.raglens.parse;
    requires io.github.raglens.onnx;
    requires io.github.raglens.providers;
    requires io.github.raglens.retrieval;
    requires com.fasterxml.jackson.databind;
    requires org.apache.pdfbox;
    requires org.slf4j;

    exports io.github.raglens;
    exports io.github.raglens.sample;
    exports io.github.raglens.workspace;
    // Models by provider name, chunkers by kind and HTTP services by URL, for the CLI's flags; in code
    // each comes from its builder (OpenAi.chat(model), SectionChunker.builder(), HttpRetriever.builder).
    exports io.github.raglens.facade.cli to
            io.github.raglens.cli;

    // The manifest, the usage file and the report's data go through Jackson.
    opens io.github.raglens to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.sample to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.workspace to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.facade.internal to
            com.fasterxml.jackson.databind;

    // Index backends other than Lucene, such as raglens-solr's, are found by name.
    uses io.github.raglens.spi.IndexBackend;

    // The studio, from raglens-studio, is found as the backends are (RagLens.studio).
    uses io.github.raglens.spi.StudioServer;
}
