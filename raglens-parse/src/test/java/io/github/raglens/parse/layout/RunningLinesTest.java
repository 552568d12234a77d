package io.github.raglens.parse.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.parse.glyphs.Word;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RunningLinesTest {

    private static final float HEIGHT = 842;

    /** A line of 10-point words starting at x 72, its top at {@code top}. */
    private static Line line(int page, float top, String text) {
        List<Word> words = new ArrayList<>();
        float x = 72;
        for (String w : text.split(" ")) {
            float width = 5 * w.length();
            words.add(new Word(w, x, x + width, top, top + 10, 10, false, false, false, 0));
            x += width + 3;
        }
        return new Line(page, 0, words);
    }

    private static List<String> texts(List<Line> lines) {
        return lines.stream().map(Line::text).toList();
    }

    @Test
    void aRunningTitleAndPageNumber_areRemovedFromEveryPage_theBodyKept() {
        List<List<Line>> pages = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            pages.add(List.of(
                    line(p, 30, "Journal of Retrieval Studies"),
                    line(p, 300, "Body text of page " + p + " that runs on across the whole width of the page"),
                    line(p, 314, "and continues on its second line with more words than the title holds"),
                    line(p, 800, String.valueOf(p + 1))));
        }
        List<List<Line>> kept = RunningLines.remove(pages, Collections.nCopies(4, HEIGHT));
        for (int p = 0; p < 4; p++) {
            assertThat(texts(kept.get(p)))
                    .containsExactly(
                            "Body text of page " + p + " that runs on across the whole width of the page",
                            "and continues on its second line with more words than the title holds");
        }
    }

    @Test
    void theSameTextAtTheTopOfEveryPage_isKept_whenItIsAllThePageHolds() {
        // a scan of the same short text on four pages: its three lines lie in the top fifth
        List<String> text = List.of(
                "Docling bundles PDF document conversion to", "JSON and Markdown in an easy self contained", "package");
        List<List<Line>> pages = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            pages.add(List.of(line(p, 70, text.get(0)), line(p, 90, text.get(1)), line(p, 110, text.get(2))));
        }
        List<List<Line>> kept = RunningLines.remove(pages, Collections.nCopies(4, HEIGHT));
        for (int p = 0; p < 4; p++) {
            assertThat(texts(kept.get(p))).isEqualTo(text);
        }
    }

    @Test
    void aRunningTitle_isRemovedAlsoFromAPageItIsMostOf_whenMostOfItsPagesHaveABody() {
        List<List<Line>> pages = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            pages.add(List.of(
                    line(p, 30, "Journal of Retrieval Studies"),
                    line(p, 300, "Body text of page " + p + " that runs on across the whole width of the page")));
        }
        pages.add(List.of(line(4, 30, "Journal of Retrieval Studies"))); // a page holding only a figure
        List<List<Line>> kept = RunningLines.remove(pages, Collections.nCopies(5, HEIGHT));
        assertThat(kept.get(4)).isEmpty();
        assertThat(texts(kept.get(0)))
                .containsExactly("Body text of page 0 that runs on across the whole width of the page");
    }

    @Test
    void keysAndRepeatedTexts_readCharacterByCharacter_agreeWithTheirRegularExpressions_onRandomLines() {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        // digits, '#', the spaces \s reads and some it does not, and a capital whose lower case is longer
        String alphabet = "0123456789#aZ \t\n\u000B\f\r\u00a0\u2003\u001c\u0130.-/";
        for (int i = 0; i < 50_000; i++) {
            List<Word> words = new ArrayList<>();
            for (int w = 1 + random.nextInt(4); w > 0; w--) {
                StringBuilder b = new StringBuilder();
                for (int k = 1 + random.nextInt(5); k > 0; k--) {
                    b.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                words.add(new Word(b.toString(), 0, 10, 0, 10, 10, false, false, false, 0));
            }
            Line line = new Line(1, 0, words);
            String key = line.text()
                    .toLowerCase(Locale.ROOT)
                    .replaceAll("\\d+", "#")
                    .replaceAll("\\s+", " ")
                    .strip();
            String repeated = key.replace("#", "").replaceAll("\\s+", " ").strip();
            String as = "line \"%s\", seed %d (-Draglens.seed=%d replays it)";
            assertThat(RunningLines.key(line)).as(as, line.text(), seed, seed).isEqualTo(key);
            assertThat(RunningLines.repeated(key))
                    .as(as, line.text(), seed, seed)
                    .isEqualTo(repeated);
        }
    }

    @Test
    void edgeLines_pickedInOnePass_areTheEndsOfThePageSortedByTop_onRandomPages() {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        for (int i = 0; i < 20_000; i++) {
            List<Line> lines = new ArrayList<>();
            for (int k = 1 + random.nextInt(7); k > 0; k--) {
                // few heights, so that lines share them; the number keeps lines at one height apart
                lines.add(line(1, 10 * random.nextInt(4), "line " + k));
            }
            List<Line> sorted = new ArrayList<>(lines);
            sorted.sort((a, b) -> Float.compare(a.top(), b.top()));
            List<Line> expected = new ArrayList<>();
            for (int k = 0; k < Math.min(2, sorted.size()); k++) {
                expected.add(sorted.get(k));
                expected.add(sorted.get(sorted.size() - 1 - k));
            }
            assertThat(RunningLines.edgeLines(lines))
                    .as(
                            "tops %s, seed %d (-Draglens.seed=%d replays it)",
                            lines.stream().map(Line::top).toList(), seed, seed)
                    .containsExactlyInAnyOrderElementsOf(expected);
        }
    }
}
