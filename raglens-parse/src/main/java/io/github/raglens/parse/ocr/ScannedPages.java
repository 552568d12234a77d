package io.github.raglens.parse.ocr;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import java.util.List;

/**
 * Which pages of a PDF are read by OCR: those without a text layer, and those whose text covers far
 * less of the page than its images do (a scan with a stamp or a page number in text, a page pasted
 * in as a picture). A page of text beside a figure keeps its text layer.
 */
public final class ScannedPages {

    /** Pages whose words cover less than this share are looked at for images; text pages cover far more. */
    private static final double SPARSE_TEXT = 0.05;

    /** Images must cover at least this share of a page for it to be a scan. */
    private static final double SCANNED = 0.3;

    /** The images must cover this many times the share of the page the text covers. */
    private static final double IMAGE_OVER_TEXT = 8;

    private ScannedPages() {}

    /**
     * Whether a page is to be read by OCR.
     *
     * @param text the words the page's text layer holds (none for a scan), and the share of the page its
     *     images cover
     */
    public static boolean needOcr(PageText text) {
        double pageArea = (double) text.width() * text.height();
        double textShare = pageArea <= 0 ? 0 : textArea(text.rows()) / pageArea;
        if (textShare >= SPARSE_TEXT) {
            return false;
        }
        return scanned(textShare, text.imageCover());
    }

    /** Whether a page whose text covers {@code textShare} of it and its images {@code imageShare} is a scan. */
    static boolean scanned(double textShare, double imageShare) {
        return imageShare >= SCANNED && textShare * IMAGE_OVER_TEXT < imageShare;
    }

    private static double textArea(List<List<Word>> rows) {
        double area = 0;
        for (List<Word> row : rows) {
            for (Word w : row) {
                area += Math.max(0, w.x1() - w.x0()) * Math.max(0, w.bottom() - w.top());
            }
        }
        return area;
    }
}
