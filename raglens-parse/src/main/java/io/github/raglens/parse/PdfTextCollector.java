package io.github.raglens.parse;

import java.awt.geom.Point2D;
import java.io.IOException;
import java.io.Writer;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.contentstream.operator.OperatorProcessor;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

/**
 * Collects the words of every page with their positions and fonts, and counts ruling lines, in one
 * pass of PDFBox's text engine. Not thread-safe: one instance per document.
 */
final class PdfTextCollector extends PDFTextStripper {

    private final Deadline deadline;
    private final List<PageText> pages = new ArrayList<>();
    private final Map<PDFont, int[]> fontStyle = new IdentityHashMap<>();
    private List<List<Word>> rows = new ArrayList<>();
    private List<Word> row = new ArrayList<>();
    private PDRectangle box = PDRectangle.LETTER;
    private int horizontal;
    private int vertical;
    private final int[] directions = new int[4];
    private float pathX;
    private float pathY;

    PdfTextCollector(Deadline deadline) throws IOException {
        this.deadline = deadline;
        setSortByPosition(true);
        addOperator(new RectangleOperator());
        addOperator(new MoveOperator());
        addOperator(new LineOperator());
    }

    List<PageText> collect(PDDocument document) throws IOException {
        pages.clear();
        writeText(document, Writer.nullWriter());
        return List.copyOf(pages);
    }

    @Override
    protected void startPage(PDPage page) throws IOException {
        deadline.check(getCurrentPageNo());
        box = page.getCropBox();
        rows = new ArrayList<>();
        row = new ArrayList<>();
        horizontal = 0;
        vertical = 0;
        java.util.Arrays.fill(directions, 0);
        super.startPage(page);
    }

    @Override
    protected void endPage(PDPage page) throws IOException {
        flushRow();
        pages.add(new PageText(getCurrentPageNo(), box.getWidth(), box.getHeight(), rows, horizontal, vertical));
        super.endPage(page);
    }

    @Override
    protected void processTextPosition(TextPosition text) {
        deadline.check(getCurrentPageNo());
        directions[direction(text)]++;
        super.processTextPosition(text);
    }

    @Override
    protected void writeLineSeparator() {
        flushRow();
    }

    @Override
    protected void writeWordSeparator() {
        // words are split on positions in writeString
    }

    @Override
    protected void writeString(String text, List<TextPosition> positions) {
        deadline.check(getCurrentPageNo());
        StringBuilder chars = new StringBuilder();
        List<TextPosition> wordPositions = new ArrayList<>();
        TextPosition previous = null;
        int dominant = 0;
        for (int d = 1; d < 4; d++) {
            if (directions[d] > directions[dominant]) {
                dominant = d;
            }
        }
        for (TextPosition tp : positions) {
            if (direction(tp) != dominant) {
                continue; // text turned against the page's text (margin stamps, axis labels) is not running text
            }
            String unicode = tp.getUnicode();
            boolean space = unicode == null || unicode.isBlank();
            float advance =
                    previous == null ? 0f : tp.getXDirAdj() - (previous.getXDirAdj() + previous.getWidthDirAdj());
            float em = Math.max(1f, tp.getFontSizeInPt());
            // a wide gap, or a jump back to the left (text of another column sorted into this row)
            boolean gap = previous != null && (advance > 0.3f * em || advance < -0.5f * em);
            if ((space || gap) && !wordPositions.isEmpty()) {
                addWord(chars, wordPositions);
                chars.setLength(0);
                wordPositions.clear();
            }
            if (!space) {
                chars.append(unicode);
                wordPositions.add(tp);
            }
            previous = tp;
        }
        if (!wordPositions.isEmpty()) {
            addWord(chars, wordPositions);
        }
    }

    /** 0, 1, 2 or 3 for text at 0, 90, 180 or 270 degrees. */
    private static int direction(TextPosition tp) {
        return Math.floorMod(Math.round(tp.getDir() / 90f), 4);
    }

    private void addWord(CharSequence raw, List<TextPosition> positions) {
        String text = Normalizer.normalize(rightToLeft(raw) ? reverse(raw) : raw, Normalizer.Form.NFKC)
                .strip();
        if (text.isEmpty()) {
            return;
        }
        float x0 = Float.MAX_VALUE;
        float x1 = -Float.MAX_VALUE;
        float top = Float.MAX_VALUE;
        float bottom = -Float.MAX_VALUE;
        float sizeSum = 0;
        int boldChars = 0;
        int math = 0;
        for (TextPosition tp : positions) {
            float size = tp.getFontSizeInPt();
            float height = tp.getHeightDir() > 0 ? tp.getHeightDir() : 0.7f * size;
            x0 = Math.min(x0, tp.getXDirAdj());
            x1 = Math.max(x1, tp.getXDirAdj() + tp.getWidthDirAdj());
            top = Math.min(top, tp.getYDirAdj() - height);
            bottom = Math.max(bottom, tp.getYDirAdj());
            sizeSum += size;
            int[] style = style(tp.getFont());
            boldChars += style[0];
            String u = tp.getUnicode();
            if (style[1] == 1 || (u != null && !u.isEmpty() && isMathSymbol(u.codePointAt(0)))) {
                math += u == null ? 1 : Math.max(1, u.length());
            }
        }
        float size = Math.round(sizeSum / positions.size() * 2f) / 2f;
        boolean bold = boldChars * 2 > positions.size();
        row.add(new Word(text, x0, x1, top, bottom, size, bold, Math.min(math, text.length())));
    }

    /** Whether a word is in a right-to-left script (positions come in visual, left-to-right order). */
    private static boolean rightToLeft(CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            byte d = Character.getDirectionality(s.charAt(i));
            if (d == Character.DIRECTIONALITY_RIGHT_TO_LEFT || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC) {
                return true;
            }
        }
        return false;
    }

    private static String reverse(CharSequence s) {
        return new StringBuilder(s).reverse().toString();
    }

    private void flushRow() {
        if (!row.isEmpty()) {
            row.sort((a, b) -> Float.compare(a.x0(), b.x0()));
            rows.add(row);
            row = new ArrayList<>();
        }
    }

    /** {bold 0/1, math font 0/1} for a font, cached per font object. */
    private int[] style(PDFont font) {
        if (font == null) {
            return new int[] {0, 0};
        }
        return fontStyle.computeIfAbsent(font, f -> {
            String name = f.getName() == null ? "" : f.getName().toLowerCase(Locale.ROOT);
            int plus = name.indexOf('+');
            if (plus >= 0) {
                name = name.substring(plus + 1);
            }
            boolean bold = name.contains("bold")
                    || name.contains("black")
                    || name.contains("heavy")
                    || name.contains("semibold")
                    || name.contains("demi")
                    || name.contains("medi")
                    || name.endsWith(",b")
                    || name.matches("(cm|sf|ec|lm|t1)bx.*|.*(tb|-b|-bd|\\.b)$|.*bx\\d+$");
            PDFontDescriptor d = f.getFontDescriptor();
            if (!bold && d != null) {
                bold = d.isForceBold() || d.getFontWeight() >= 600;
            }
            boolean math = name.startsWith("cmmi")
                    || name.startsWith("cmsy")
                    || name.startsWith("cmex")
                    || name.startsWith("msam")
                    || name.startsWith("msbm")
                    || name.contains("math")
                    || name.startsWith("symbol")
                    || name.startsWith("stix")
                    || name.startsWith("rsfs");
            return new int[] {bold ? 1 : 0, math ? 1 : 0};
        });
    }

    static boolean isMathSymbol(int cp) {
        if (cp >= 0x391 && cp <= 0x3C9) {
            return true; // Greek letters
        }
        if (cp >= 0x2190 && cp <= 0x22FF) {
            return true; // arrows and mathematical operators
        }
        if (cp >= 0x27C0 && cp <= 0x2AFF) {
            return true;
        }
        if (cp >= 0x1D400 && cp <= 0x1D7FF) {
            return true; // mathematical alphanumerics
        }
        return cp == '=' || cp == '+' || cp == '<' || cp == '>' || cp == '^' || cp == '|' || cp == '∑' || cp == '√';
    }

    private void ruling(float x0, float y0, float x1, float y1) {
        float w = Math.abs(x1 - x0);
        float h = Math.abs(y1 - y0);
        if (h <= 2f && w >= 20f) {
            horizontal++;
        } else if (w <= 2f && h >= 10f) {
            vertical++;
        }
    }

    private Point2D.Float toPage(float x, float y) {
        Point2D.Float p = getGraphicsState().getCurrentTransformationMatrix().transformPoint(x, y);
        return new Point2D.Float(p.x - box.getLowerLeftX(), box.getUpperRightY() - p.y);
    }

    private static float number(List<COSBase> operands, int i) {
        return operands.size() > i && operands.get(i) instanceof COSNumber n ? n.floatValue() : Float.NaN;
    }

    /** Counts thin rectangles ("re") as ruling lines. */
    private final class RectangleOperator extends OperatorProcessor {
        @Override
        public void process(Operator operator, List<COSBase> operands) {
            float x = number(operands, 0);
            float y = number(operands, 1);
            float w = number(operands, 2);
            float h = number(operands, 3);
            if (Float.isNaN(x) || Float.isNaN(y) || Float.isNaN(w) || Float.isNaN(h)) {
                return;
            }
            Point2D.Float a = toPage(x, y);
            Point2D.Float b = toPage(x + w, y + h);
            float width = Math.abs(b.x - a.x);
            float height = Math.abs(b.y - a.y);
            if (height <= 2f && width >= 20f) {
                horizontal++;
            } else if (width <= 2f && height >= 10f) {
                vertical++;
            }
        }

        @Override
        public String getName() {
            return "re";
        }
    }

    /** Remembers the current point of a path ("m"). */
    private final class MoveOperator extends OperatorProcessor {
        @Override
        public void process(Operator operator, List<COSBase> operands) {
            float x = number(operands, 0);
            float y = number(operands, 1);
            if (!Float.isNaN(x) && !Float.isNaN(y)) {
                Point2D.Float p = toPage(x, y);
                pathX = p.x;
                pathY = p.y;
            }
        }

        @Override
        public String getName() {
            return "m";
        }
    }

    /** Counts straight horizontal or vertical segments ("l") as ruling lines. */
    private final class LineOperator extends OperatorProcessor {
        @Override
        public void process(Operator operator, List<COSBase> operands) {
            float x = number(operands, 0);
            float y = number(operands, 1);
            if (Float.isNaN(x) || Float.isNaN(y)) {
                return;
            }
            Point2D.Float p = toPage(x, y);
            ruling(pathX, pathY, p.x, p.y);
            pathX = p.x;
            pathY = p.y;
        }

        @Override
        public String getName() {
            return "l";
        }
    }
}
