package io.github.raglens.parse.pptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.poi.xslf.usermodel.SlideLayout;
import org.apache.poi.xslf.usermodel.XMLSlideShow;
import org.apache.poi.xslf.usermodel.XSLFSlide;
import org.apache.poi.xslf.usermodel.XSLFSlideLayout;
import org.apache.poi.xslf.usermodel.XSLFTable;
import org.apache.poi.xslf.usermodel.XSLFTableRow;
import org.apache.poi.xslf.usermodel.XSLFTextShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PptxParserTest {

    @TempDir
    Path dir;

    @Test
    void eachSlideIsASectionUnderItsTitleWithTextTablesAndNotes() throws IOException {
        Path file = dir.resolve("review.pptx");
        try (XMLSlideShow show = new XMLSlideShow()) {
            XSLFSlideLayout layout = show.getSlideMasters().getFirst().getLayout(SlideLayout.TITLE_AND_CONTENT);
            XSLFSlide first = show.createSlide(layout);
            first.getPlaceholder(0).setText("Harbour Review");
            first.getPlaceholder(1).setText("Cargo grew by 4%.\nPassengers fell.");
            show.getNotesSlide(first).getPlaceholders();
            for (XSLFTextShape shape : show.getNotesSlide(first).getPlaceholders()) {
                if (shape.getTextType() != null && shape.getTextType().name().equals("BODY")) {
                    shape.setText("Mention the new crane.");
                }
            }
            XSLFSlide second = show.createSlide();
            XSLFTable table = second.createTable();
            for (String[] cells : new String[][] {{"Berth", "Ships"}, {"North", "12"}, {"South", "9"}}) {
                XSLFTableRow row = table.addRow();
                for (String c : cells) {
                    row.addCell().setText(c);
                }
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                show.write(out);
            }
        }

        Document d = new PptxParser().parse(file);

        assertThat(d.title()).isEqualTo("Harbour Review");
        assertThat(d.pageCount()).isEqualTo(2);
        List<Section> slides = d.root().children();
        assertThat(slides).extracting(Section::title).containsExactly("Harbour Review", "Slide 2");
        assertThat(slides.getFirst().text())
                .isEqualTo("Cargo grew by 4%.\nPassengers fell.\n\nNotes: Mention the new crane.");
        assertThat(slides.get(1).tables())
                .extracting(Table::rows)
                .containsExactly(List.of(List.of("Berth", "Ships"), List.of("North", "12"), List.of("South", "9")));
        assertThat(slides.get(1).pageStart()).isEqualTo(2);
    }

    @Test
    void textFileWithPptxExtensionFailsWithOneLine() throws IOException {
        Path file = Files.writeString(dir.resolve("deck.pptx"), "not a deck");

        assertThatThrownBy(() -> new PptxParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": not a PPTX file (not a zip package); check the file type or"
                        + " rename it with its real extension");
    }
}
