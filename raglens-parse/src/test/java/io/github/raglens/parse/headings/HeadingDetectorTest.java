package io.github.raglens.parse.headings;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.glyphs.WordRows;
import io.github.raglens.parse.layout.Line;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a line must look like to be taken for a heading over 10-point body text. */
class HeadingDetectorTest {

    private static final float BODY = 10;

    /** A line of bold 10-point words: each cell is {text, x0}. */
    private static Line bold(Object... cells) {
        List<Word> words = WordRows.row(BODY, 3, 100, cells).stream()
                .map(w -> new Word(w.text(), w.x0(), w.x1(), w.top(), w.bottom(), w.size(), true, false, false, 0))
                .toList();
        return new Line(1, 0, words);
    }

    @Test
    void boldLine_isAHeading_alsoWithAWideGapAfterItsNumber() {
        assertThat(HeadingDetector.looksLikeHeading(bold("Regional offices", 60), BODY))
                .isTrue();
        assertThat(HeadingDetector.looksLikeHeading(bold("5", 60, "Regional offices", 90), BODY))
                .isTrue();
    }

    @Test
    void boldHeaderRowOfATable_itsCellsApart_isNoHeading() {
        assertThat(HeadingDetector.looksLikeHeading(bold("Office", 60, "Opening hours", 160, "Languages", 300), BODY))
                .isFalse();
    }

    @Test
    void boldLabelsOfTwoOfADiagramsBoxes_farApart_areNoHeading() {
        assertThat(HeadingDetector.looksLikeHeading(bold("Index", 60, "Query", 140), BODY))
                .isFalse();
    }
}
