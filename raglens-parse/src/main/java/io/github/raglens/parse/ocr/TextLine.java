package io.github.raglens.parse.ocr;

import java.util.List;

/**
 * One line of text as Tesseract read it from an image, in pixels from the image's top-left corner.
 *
 * @param words the line's words, left to right
 * @param baseline the baseline's height at the image's left edge ({@code x = 0})
 * @param slope how far the baseline falls per pixel to the right
 * @param xHeight the height of the line's lower-case letters above the baseline
 */
record TextLine(List<RecognizedWord> words, float baseline, float slope, float xHeight) {

    TextLine {
        words = List.copyOf(words);
    }

    /** The baseline's height under a point of the line. */
    float baselineAt(float x) {
        return baseline + slope * x;
    }

    /**
     * One word of a line.
     *
     * @param text the word
     * @param left its box's left edge
     * @param top its box's top edge
     * @param right its box's right edge (exclusive)
     * @param bottom its box's bottom edge (exclusive)
     * @param confidence Tesseract's confidence in it, 0 to 100
     */
    record RecognizedWord(String text, int left, int top, int right, int bottom, float confidence) {}
}
