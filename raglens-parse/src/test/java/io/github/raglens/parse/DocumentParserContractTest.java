package io.github.raglens.parse;

import io.github.raglens.parse.docx.TestDocx;
import io.github.raglens.parse.pdf.TestPdfs;
import io.github.raglens.spi.Parser;
import io.github.raglens.testkit.ParserContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/** The corpus parser keeps the parser contract on Markdown, plain text, a PDF, a Word document and an HTML page. */
class DocumentParserContractTest implements ParserContract {

    @TempDir
    static Path dir;

    @Override
    public Parser parser() {
        return DocumentParser.create();
    }

    @Override
    public List<Path> files() {
        try {
            Path markdown = Files.writeString(
                    dir.resolve("notes.md"), "# Tides\n\nTidal power turns the rise and fall of the sea into power.\n");
            Path text = Files.writeString(dir.resolve("plain.txt"), "Sourdough rises slowly in a cold kitchen.\n");
            Path pdf = TestPdfs.write(
                    dir.resolve("page.pdf"),
                    List.of(List.of(
                            TestPdfs.Text.bold(72, 72, "1 Introduction", 14),
                            TestPdfs.Text.body(72, 100, "Solar panels lose output as they heat up in summer."))));
            Path docx = TestDocx.body(TestDocx.p("Wind turbines turn slower in the heat of August."))
                    .write(dir.resolve("turbines.docx"));
            Path html = Files.writeString(
                    dir.resolve("ferries.html"), "<h1>Ferries</h1><p>The night ferry leaves at ten.</p>");
            return List.of(markdown, text, pdf, docx, html);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
