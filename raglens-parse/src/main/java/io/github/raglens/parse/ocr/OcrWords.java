package io.github.raglens.parse.ocr;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Turns the lines Tesseract read from a page's image into the words the PDF pipeline reads: boxes in
 * points from the page's top-left corner, the baseline as each word's bottom, a type size from the
 * line's x-height, and bold from the strokes' width. Lines at one height across the page (two columns'
 * lines side by side) share a row, as a text layer's rows do, so the layout finds the gutter between
 * them.
 */
final class OcrWords {

    /** The x-height of a typical text face as a share of its size (Times 0.45, Helvetica 0.52). */
    private static final float X_HEIGHT_PER_SIZE = 0.48f;

    /** A word whose strokes are this much wider than the page's usual ones, for its size, is bold. */
    private static final float BOLD_STROKE_RATIO = 1.3f;

    /** Words of less confidence than this are noise from a picture or a smudge, not text. */
    private static final float MIN_CONFIDENCE = 30f;

    /** A gray value at or below this is ink. */
    private static final int INK = 128;

    private OcrWords() {}

    /**
     * The page of words the lines make.
     *
     * @param page the 1-based page number
     * @param image the image the lines were read from (for its resolution and its strokes)
     */
    static PageText page(int page, GrayImage image, List<TextLine> lines) {
        float scale = image.pointsPerPixel();
        List<Placed> placed = new ArrayList<>();
        for (TextLine line : lines) {
            float size = Math.max(1f, Math.round(line.xHeight() / X_HEIGHT_PER_SIZE * scale * 2f) / 2f);
            for (TextLine.RecognizedWord w : line.words()) {
                String text =
                        Normalizer.normalize(w.text(), Normalizer.Form.NFKC).strip();
                if (text.isEmpty() || w.confidence() < MIN_CONFIDENCE && !plausible(text)) {
                    continue;
                }
                float baseline = line.baselineAt((w.left() + w.right()) / 2f);
                float stroke = strokeWidth(image, w) / Math.max(1f, line.xHeight());
                placed.add(new Placed(text, w, Math.max(baseline, w.top() + 1), size, stroke));
            }
        }
        float usualStroke = median(placed.stream().mapToDouble(Placed::stroke).toArray());
        List<List<Word>> rows = new ArrayList<>();
        placed.sort(Comparator.comparingDouble(Placed::baseline));
        List<Word> row = new ArrayList<>();
        float rowBaseline = Float.NaN;
        for (Placed p : placed) {
            float tolerance = p.size / scale * 0.3f;
            if (!row.isEmpty() && Math.abs(p.baseline - rowBaseline) > tolerance) {
                rows.add(sorted(row));
                row = new ArrayList<>();
            }
            if (row.isEmpty()) {
                rowBaseline = p.baseline;
            }
            boolean bold = usualStroke > 0 && p.stroke > usualStroke * BOLD_STROKE_RATIO;
            row.add(new Word(
                    p.text,
                    p.word.left() * scale,
                    p.word.right() * scale,
                    p.word.top() * scale,
                    p.baseline * scale,
                    p.size,
                    bold,
                    false,
                    false,
                    0));
        }
        if (!row.isEmpty()) {
            rows.add(sorted(row));
        }
        return new PageText(page, image.width() * scale, image.height() * scale, rows, 0, 0);
    }

    /** Whether a word of low confidence still looks like one: letters or digits, not a run of marks. */
    private static boolean plausible(String text) {
        long letters = text.codePoints().filter(Character::isLetterOrDigit).count();
        return letters >= 3 && letters * 4 >= text.length() * 3L;
    }

    private static List<Word> sorted(List<Word> row) {
        row.sort(Comparator.comparingDouble(Word::x0));
        return row;
    }

    /**
     * The mean width of the word's strokes in pixels: its ink pixels over the runs of ink its rows
     * cross. Bold type has wider strokes than regular type of the same size.
     */
    static float strokeWidth(GrayImage image, TextLine.RecognizedWord w) {
        int left = Math.max(0, w.left());
        int right = Math.min(image.width(), w.right());
        int top = Math.max(0, w.top());
        int bottom = Math.min(image.height(), w.bottom());
        long ink = 0;
        long runs = 0;
        for (int y = top; y < bottom; y++) {
            boolean inside = false;
            for (int x = left; x < right; x++) {
                boolean dark = image.at(x, y) <= INK;
                if (dark) {
                    ink++;
                    if (!inside) {
                        runs++;
                    }
                }
                inside = dark;
            }
        }
        return runs == 0 ? 0f : (float) ink / runs;
    }

    private static float median(double[] values) {
        if (values.length == 0) {
            return 0f;
        }
        Arrays.sort(values);
        return (float) values[values.length / 2];
    }

    private record Placed(String text, TextLine.RecognizedWord word, float baseline, float size, float stroke) {}
}
