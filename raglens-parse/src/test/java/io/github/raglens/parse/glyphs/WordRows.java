package io.github.raglens.parse.glyphs;

import java.util.ArrayList;
import java.util.List;

/** Rows of words at known positions, for tests of the layout code that reads them. */
public final class WordRows {

    private WordRows() {}

    /**
     * One row at {@code top} in a font of {@code size} points: each cell is {text, x0}, its words {@code
     * size / 2} points wide per character, a word space of {@code space} points between them.
     */
    public static List<Word> row(float size, float space, float top, Object... cells) {
        List<Word> out = new ArrayList<>();
        for (int i = 0; i < cells.length; i += 2) {
            float x = ((Number) cells[i + 1]).floatValue();
            for (String w : ((String) cells[i]).split(" ")) {
                float width = size / 2 * w.length();
                out.add(new Word(w, x, x + width, top, top + size, size, false, false, false, 0));
                x += width + space;
            }
        }
        return out;
    }
}
