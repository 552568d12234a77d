package io.github.raglens.parse.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlParserTest {

    @TempDir
    Path dir;

    @Test
    void mainContentKeepsHeadingsListsCodeAndTablesWithoutNavigationOrScripts() throws IOException {
        Path file = Files.writeString(dir.resolve("guide.html"), """
                <!DOCTYPE html><html><head><meta charset="utf-8"><title>Pump Guide</title>
                <script>var tracking = 1;</script><style>p {color: red}</style></head>
                <body>
                <header><a href="/">Home</a> <a href="/docs">Docs</a></header>
                <nav><ul><li>Menu item</li></ul></nav>
                <div class="cookie-banner">We use cookies.</div>
                <main>
                  <h1>Pumps</h1>
                  <p>A pump moves <b>water</b> uphill.<br>It needs power.</p>
                  <h3>Parts</h3>
                  <ol start="3"><li>Impeller<ul><li>bronze</li><li>steel</li></ul></li><li>Seal</li></ol>
                  <pre>pump --start
                  --rate 5</pre>
                  <table><caption>Ratings</caption>
                    <thead><tr><th rowspan="2">Model</th><th colspan="2">Flow</th></tr>
                           <tr><th>min</th><th>max</th></tr></thead>
                    <tbody><tr><td>P1</td><td>2</td><td>9</td></tr></tbody>
                  </table>
                  <p hidden>Secret draft</p><p style="display: none">Also hidden</p>
                </main>
                <footer>© 2024 Pump Co</footer>
                </body></html>
                """);

        Document d = new HtmlParser().parse(file);

        assertThat(d.title()).isEqualTo("Pump Guide");
        Section pumps = d.root().children().getFirst();
        assertThat(pumps.title()).isEqualTo("Pumps");
        assertThat(pumps.level()).isEqualTo(1);
        assertThat(pumps.text()).isEqualTo("A pump moves water uphill.\nIt needs power.");
        Section parts = pumps.children().getFirst();
        assertThat(parts.title()).isEqualTo("Parts");
        assertThat(parts.level()).isEqualTo(2);
        assertThat(parts.tables())
                .extracting(Table::rows)
                .containsExactly(List.of(List.of("Model", "Flow min", "Flow max"), List.of("P1", "2", "9")));
        assertThat(parts.text())
                .startsWith("3. Impeller\n  - bronze\n  - steel\n4. Seal\n\n```\npump --start\n  --rate 5\n```"
                        + "\n\nRatings\n\n| Model | Flow min | Flow max |")
                .doesNotContain("Secret", "hidden", "cookies", "Menu", "Home", "2024", "tracking");
    }

    @Test
    void withoutMainThePagesHeaderAndFooterGoButASectionsHeaderStays() throws IOException {
        Path file = Files.writeString(dir.resolve("imprint.html"), """
                <body><header>Harbour Books | Shop | Cart</header>
                <section><header><h2>Imprint</h2></header><p>Printed in Bergen.</p></section>
                <footer>Copyright Harbour Books</footer></body>
                """);

        Document d = new HtmlParser().parse(file);

        Section imprint = d.root().children().getFirst();
        assertThat(imprint.title()).isEqualTo("Imprint");
        assertThat(imprint.text()).isEqualTo("Printed in Bergen.");
        assertThat(d.root().text()).isEmpty();
    }

    @Test
    void undeclaredLatin1PageIsReadAsWindows1252AndDeclaredCharsetsAreHonoured() throws IOException {
        Path latin1 = Files.write(
                dir.resolve("latin1.html"),
                "<html><body><h2>Café crème</h2><p>Größe: 5 €</p></body></html>"
                        .getBytes(Charset.forName("windows-1252")));
        Path declared = Files.write(
                dir.resolve("cyrillic.html"),
                "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\"></head>"
                        .concat("<body><p>Привет</p></body></html>")
                        .getBytes(Charset.forName("KOI8-R")));

        Section cafe = new HtmlParser().parse(latin1).root().children().getFirst();
        assertThat(cafe.title()).isEqualTo("Café crème");
        assertThat(cafe.text()).isEqualTo("Größe: 5 €");
        assertThat(new HtmlParser().parse(declared).root().text()).isEqualTo("Привет");
    }

    @Test
    void pageWithoutTitleIsNamedAfterItsFirstHeadingOrItsFile() throws IOException {
        Path headed = Files.writeString(dir.resolve("a.html"), "<h2>Tide tables</h2><p>High at noon.</p>");
        Path bare = Files.writeString(dir.resolve("notes-7.html"), "<p>Just text.</p>");

        assertThat(new HtmlParser().parse(headed).title()).isEqualTo("Tide tables");
        assertThat(new HtmlParser().parse(bare).title()).isEqualTo("notes-7");
    }

    @Test
    void emptyFileFailsWithOneLine() throws IOException {
        Path empty = Files.write(dir.resolve("empty.html"), new byte[0]);

        assertThatThrownBy(() -> new HtmlParser().parse(empty))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + empty + ": the file is empty (0 bytes); replace it with the complete"
                        + " file");
    }
}
