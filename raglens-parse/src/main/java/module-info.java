/**
 * Parses PDF, Markdown and plain-text files into raglens documents, with a parse cache. Users
 * parse through the facade ({@code RagLens.ingest}, {@code Documents}) or plug in their own
 * {@code Parser}.
 */
// "requires-automatic": PDFBox 2, FontBox and Tabula have no module descriptor.
@SuppressWarnings("requires-automatic")
module io.github.raglens.parse {
    requires transitive io.github.raglens.core;
    requires com.fasterxml.jackson.databind;
    requires java.desktop;
    requires org.apache.fontbox;
    requires org.apache.pdfbox;
    requires org.slf4j;
    requires tabula;

    // Exported to all while the facade's IngestResult returns IngestReport from here; once that
    // moves to core, export it to the facade only.
    exports io.github.raglens.parse;

    // The parse cache and the ingest report go through Jackson.
    opens io.github.raglens.parse to
            com.fasterxml.jackson.databind;
}
