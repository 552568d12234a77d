package io.github.raglens.parse.pdf;

import io.github.raglens.parse.glyphs.Drawing;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.headings.HeadingDetector;
import io.github.raglens.parse.headings.Numbering;
import io.github.raglens.parse.layout.Captions;
import io.github.raglens.parse.layout.Line;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Keeps the text inside charts out of the running text: the tick numbers, axis labels and legend
 * entries next to a "Figure N" caption (the short lines between the caption and the nearest prose,
 * table or numbered heading in its column), runs of lines holding nothing but numbers, and the labels
 * set inside a drawing (a diagram's boxes, a chart's legend), each word of the line within one of
 * the page's {@linkplain Drawing drawings}, wherever its caption stands. Such lines are dropped and
 * counted: cut from the picture they label, they are fragments ("Retriever Reranker Reader") that a
 * passage retrieved for a question only dilutes, while the caption, kept, says what the figure shows.
 */
final class FigureText {

    /** The pieces without their figure text, and how many lines were dropped. */
    record Result(List<Piece> pieces, int dropped) {}

    private FigureText() {}

    /**
     * The pieces without their figure text.
     *
     * @param drawings the drawings of each page, by page number
     */
    static Result remove(List<Piece> pieces, float body, Map<Integer, List<Drawing>> drawings) {
        Set<Line> drop = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Piece piece : pieces) {
            piece.asLine()
                    .filter(line -> chartLike(line)
                            && !Captions.tableOrFigure(line.text())
                            && inDrawing(line, drawings.getOrDefault(line.page(), List.of())))
                    .ifPresent(drop::add);
        }
        for (int i = 0; i < pieces.size(); i++) {
            Optional<Line> caption = pieces.get(i).asLine().filter(line -> Captions.figure(line.text()));
            if (caption.isPresent()) {
                List<Line> above = walk(pieces, i, -1, caption.get(), body);
                List<Line> chart = above.size() >= 3 ? above : walk(pieces, i, +1, caption.get(), body);
                if (chart.size() >= 3) {
                    drop.addAll(chart);
                }
            }
        }
        List<Line> run = new ArrayList<>();
        for (Piece piece : pieces) {
            Optional<Line> numbers = piece.asLine().filter(FigureText::numbersOnly);
            if (numbers.isPresent()) {
                run.add(numbers.get());
                continue;
            }
            if (run.size() >= 3) {
                drop.addAll(run);
            }
            run.clear();
        }
        if (run.size() >= 3) {
            drop.addAll(run);
        }
        if (drop.isEmpty()) {
            return new Result(pieces, 0);
        }
        List<Piece> kept = new ArrayList<>(pieces.size() - drop.size());
        for (Piece piece : pieces) {
            if (piece.asLine().filter(drop::contains).isEmpty()) {
                kept.add(piece);
            }
        }
        return new Result(kept, drop.size());
    }

    /** Whether every word of a line lies inside one of its page's drawings. */
    private static boolean inDrawing(Line line, List<Drawing> drawings) {
        if (drawings.isEmpty()) {
            return false;
        }
        for (Word w : line.words()) {
            if (drawings.stream().noneMatch(d -> d.holds(w))) {
                return false;
            }
        }
        return true;
    }

    /** The chart-like lines next to a caption, in its column and on its page, up to the first other piece. */
    private static List<Line> walk(List<Piece> pieces, int caption, int step, Line captionLine, float body) {
        List<Line> out = new ArrayList<>();
        for (int j = caption + step; j >= 0 && j < pieces.size(); j += step) {
            Line line = pieces.get(j).asLine().orElse(null);
            if (line == null
                    || line.page() != captionLine.page()
                    || line.column() != captionLine.column() && line.column() != 0 && captionLine.column() != 0
                    || !chartLike(line)
                    || Numbering.level(line.text()) > 0 && HeadingDetector.looksLikeHeading(line, body)) {
                break;
            }
            out.add(line);
        }
        return out;
    }

    /** A tick row, an axis label or a legend entry: mostly numbers, or a few words that end no sentence. */
    static boolean chartLike(Line line) {
        List<Word> words = line.words();
        int numbers = 0;
        for (Word w : words) {
            numbers += w.figure() ? 1 : 0;
        }
        if (numbers * 2 >= words.size()) {
            return true;
        }
        String text = line.text();
        char last = text.charAt(text.length() - 1);
        return words.size() <= 5 && line.charCount() <= 40 && last != '.' && last != ':' && last != '?';
    }

    private static boolean numbersOnly(Line line) {
        if (line.words().size() > 12) {
            return false;
        }
        for (Word w : line.words()) {
            if (!w.figure()) {
                return false;
            }
        }
        return true;
    }
}
