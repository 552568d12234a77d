package io.github.raglens.parse.docx;

import static io.github.raglens.parse.docx.TestDocx.p;
import static io.github.raglens.parse.docx.TestDocx.style;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import io.github.raglens.parse.DocumentMarkdown;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocxParserTest {

    private static final String STYLES = style("Title", "Title", null, "")
            + style("Heading1", "heading 1", null, "<w:outlineLvl w:val=\"0\"/>")
            + style("Heading2", "heading 2", "Heading1", "<w:outlineLvl w:val=\"1\"/>")
            + style("MyChapter", "My chapter", "Heading2", "")
            + style("Caption", "Caption", null, "");

    @TempDir
    Path dir;

    @Test
    void headingsComeFromStylesTheirBasesAndOutlineLevels() throws IOException {
        Path file = TestDocx.body(p("Title", "Wind Atlas")
                        + p("Heading1", "Sites")
                        + p("Coastal sites have steady winds.")
                        + p("MyChapter", "Offshore")
                        + "<w:p><w:pPr><w:outlineLvl w:val=\"0\"/></w:pPr><w:r><w:t>Costs</w:t></w:r></w:p>"
                        + p("Caption", "Figure 1: not a heading"))
                .styles(STYLES)
                .write(dir.resolve("atlas.docx"));

        Document d = new DocxParser().parse(file);

        assertThat(d.title()).isEqualTo("Wind Atlas");
        assertThat(outline(d.root())).containsExactly("1 Wind Atlas", "2 Sites", "3 Offshore", "2 Costs");
        assertThat(find(d.root(), "Sites").text()).isEqualTo("Coastal sites have steady winds.");
        assertThat(find(d.root(), "Costs").text()).isEqualTo("Figure 1: not a heading");
    }

    @Test
    void boldNumberedParagraphIsAHeadingAtItsNumbersLevelWhenNoStyleSays() throws IOException {
        Path file = TestDocx.body(bold("1 Introduction")
                        + p("Batteries age with every cycle.")
                        + bold("1.2 Method")
                        + p("We cycled twelve cells.")
                        + bold("2 Results are shown below.")
                        + p("3 cells failed early"))
                .write(dir.resolve("report.docx"));

        Document d = new DocxParser().parse(file);

        assertThat(outline(d.root())).containsExactly("1 1 Introduction", "2 1.2 Method");
        assertThat(find(d.root(), "1.2 Method").text())
                .isEqualTo("We cycled twelve cells.\n\n2 Results are shown below.\n\n3 cells failed early");
    }

    @Test
    void listItemsKeepWordsNumbersAndDepth() throws IOException {
        String numbering = "<w:abstractNum w:abstractNumId=\"0\">"
                + "<w:lvl w:ilvl=\"0\"><w:start w:val=\"1\"/><w:numFmt w:val=\"decimal\"/><w:lvlText w:val=\"%1.\"/></w:lvl>"
                + "<w:lvl w:ilvl=\"1\"><w:start w:val=\"1\"/><w:numFmt w:val=\"lowerLetter\"/><w:lvlText w:val=\"%2)\"/></w:lvl>"
                + "</w:abstractNum>"
                + "<w:abstractNum w:abstractNumId=\"1\"><w:lvl w:ilvl=\"0\"><w:numFmt w:val=\"bullet\"/>"
                + "<w:lvlText w:val=\"•\"/></w:lvl></w:abstractNum>"
                + "<w:num w:numId=\"1\"><w:abstractNumId w:val=\"0\"/></w:num>"
                + "<w:num w:numId=\"2\"><w:abstractNumId w:val=\"1\"/></w:num>";
        Path file = TestDocx.body(item(1, 0, "Mix the flour")
                        + item(1, 1, "sift it first")
                        + item(1, 1, "weigh it")
                        + item(1, 0, "Add water")
                        + p("Then wait.")
                        + item(2, 0, "salt")
                        + item(2, 0, "yeast"))
                .numbering(numbering)
                .write(dir.resolve("bread.docx"));

        Document d = new DocxParser().parse(file);

        assertThat(d.root().text())
                .isEqualTo(
                        "1. Mix the flour\n  a) sift it first\n  b) weigh it\n2. Add water\n\nThen wait.\n\n- salt\n- yeast");
    }

    @Test
    void tablesSpreadMergedCellsJoinHeaderRowsAndStayInPlace() throws IOException {
        String header = "<w:trPr><w:tblHeader/></w:trPr>";
        String table = "<w:tbl><w:tblPr/><w:tblGrid/>"
                + "<w:tr>" + header + cell("<w:gridSpan w:val=\"2\"/>", "Capacity") + cell("", "Site") + "</w:tr>"
                + "<w:tr>" + header + cell("", "2023") + cell("", "2024") + cell("", "") + "</w:tr>"
                + "<w:tr>" + cell("", "10") + cell("", "12") + cell("<w:vMerge w:val=\"restart\"/>", "Kiel") + "</w:tr>"
                + "<w:tr>" + cell("", "11") + cell("", "13") + cell("<w:vMerge/>", "") + "</w:tr>"
                + "</w:tbl>";
        Path file = TestDocx.body(p("Heading1", "Output") + p("Before the table.") + table + p("After the table."))
                .styles(STYLES)
                .write(dir.resolve("output.docx"));

        Document d = new DocxParser().parse(file);

        Section output = d.root().children().getFirst();
        assertThat(output.tables())
                .extracting(Table::rows)
                .containsExactly(List.of(
                        List.of("Capacity 2023", "Capacity 2024", "Site"),
                        List.of("10", "12", "Kiel"),
                        List.of("11", "13", "Kiel")));
        assertThat(output.text())
                .startsWith("Before the table.\n\n| Capacity 2023 |")
                .endsWith("After the table.");
    }

    @Test
    void trackedChangesReadAsAcceptedFootnotesAndTextBoxesFollowTheirParagraph() throws IOException {
        String body = "<w:p><w:r><w:t xml:space=\"preserve\">The dam holds </w:t></w:r>"
                + "<w:del><w:r><w:delText>ten</w:delText></w:r></w:del>"
                + "<w:ins><w:r><w:t>twelve</w:t></w:r></w:ins>"
                + "<w:r><w:t xml:space=\"preserve\"> million litres.</w:t></w:r>"
                + "<w:r><w:footnoteReference w:id=\"2\"/></w:r>"
                + "<w:r><w:pict><w:txbxContent>" + p("Sidebar: built in 1961.") + "</w:txbxContent></w:pict></w:r>"
                + "</w:p>"
                + p("Next paragraph.");
        String footnotes = "<w:footnote w:type=\"separator\" w:id=\"0\">" + p("----") + "</w:footnote>"
                + "<w:footnote w:id=\"2\">" + p("Measured in 2020.") + "</w:footnote>";
        Path file = TestDocx.body(body).footnotes(footnotes).write(dir.resolve("dam.docx"));

        Document d = new DocxParser().parse(file);

        assertThat(d.root().text())
                .isEqualTo("The dam holds twelve million litres.[^2]\n\n[^2]: Measured in 2020.\n\n"
                        + "Sidebar: built in 1961.\n\nNext paragraph.");
    }

    @Test
    void documentWithoutTitleStyleIsNamedAfterItsFile() throws IOException {
        Path file = TestDocx.body(p("Only a paragraph.")).write(dir.resolve("minutes-2024.docx"));

        Document d = new DocxParser().parse(file);

        assertThat(d.title()).isEqualTo("minutes-2024");
        assertThat(DocumentMarkdown.render(d)).contains("Only a paragraph.");
        assertThat(d.metadata()).doesNotContainKey("damaged");
    }

    private static String bold(String text) {
        return "<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>" + text + "</w:t></w:r></w:p>";
    }

    private static String item(int numId, int level, String text) {
        return "<w:p><w:pPr><w:numPr><w:ilvl w:val=\"" + level + "\"/><w:numId w:val=\"" + numId
                + "\"/></w:numPr></w:pPr><w:r><w:t>" + text + "</w:t></w:r></w:p>";
    }

    private static String cell(String properties, String text) {
        return "<w:tc><w:tcPr>" + properties + "</w:tcPr>" + p(text) + "</w:tc>";
    }

    static List<String> outline(Section root) {
        List<String> out = new ArrayList<>();
        walk(root, out);
        return out;
    }

    private static void walk(Section s, List<String> out) {
        for (Section c : s.children()) {
            out.add(c.level() + " " + c.title());
            walk(c, out);
        }
    }

    /** The first section below {@code s} with this title. */
    static Section find(Section s, String title) {
        for (Section c : s.children()) {
            Section f = c.title().equals(title) ? c : find(c, title);
            if (f != null) {
                return f;
            }
        }
        return null;
    }
}
