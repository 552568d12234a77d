/**
 * Parses PDF, Word, PowerPoint, Excel, HTML, EPUB, Markdown and plain-text files into raglens documents, with a parse
 * cache. Users parse through the facade ({@code RagLens.ingest}, {@code Documents}) or plug in their own
 * {@code Parser}.
 */
// "requires-automatic": PDFBox, FontBox and Tabula have no module descriptor (POI and jsoup have one);
// "module": the qualified export names the facade, which is not observable when this module compiles.
@SuppressWarnings({"requires-automatic", "module"})
module io.github.raglens.parse {
    requires transitive io.github.raglens.core;
    requires com.fasterxml.jackson.databind;
    requires java.desktop;
    requires java.xml;
    requires org.apache.poi.ooxml;
    requires org.apache.poi.poi;
    requires org.jsoup;
    requires org.apache.fontbox;
    requires org.apache.pdfbox;
    requires org.bytedeco.tesseract;
    requires org.slf4j;
    requires tabula;

    exports io.github.raglens.parse to
            io.github.raglens;
    exports io.github.raglens.parse.ocr to
            io.github.raglens;
    exports io.github.raglens.parse.pdf to
            io.github.raglens;

    // The parse cache and the ingest report go through Jackson.
    opens io.github.raglens.parse to
            com.fasterxml.jackson.databind;
}
