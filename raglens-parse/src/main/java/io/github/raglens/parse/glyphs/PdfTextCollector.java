package io.github.raglens.parse.glyphs;

import io.github.raglens.parse.tables.TableFinder;
import java.awt.geom.Path2D;
import java.awt.geom.Point2D;
import java.io.IOException;
import java.io.Writer;
import java.text.Normalizer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.fontbox.util.BoundingBox;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.contentstream.operator.OperatorProcessor;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;
import org.apache.pdfbox.pdmodel.font.PDType3Font;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.apache.pdfbox.util.Matrix;
import technology.tabula.Page;

/**
 * Collects the words of every page with their positions and fonts, counts ruling lines, and builds
 * Tabula's rulings, in one pass of PDFBox's text engine. When given a {@link PageTables}, it hands each
 * page to it as soon as the page is read, with a Tabula page built from the same pass on demand, so
 * the glyphs of a page are dropped once its tables are known. Not thread-safe: one instance per
 * document.
 */
public final class PdfTextCollector extends PDFTextStripper {

    /** Finds the tables of one page while the document is being read. */
    public interface PageTables {
        /**
         * The tables of a page.
         *
         * @param tabula builds the page for Tabula's extraction algorithms from this pass (costly; call
         *     only when needed)
         */
        List<TableFinder.Found> find(PageText page, Supplier<Page> tabula);
    }

    private static final String[] PATH_OPERATORS = {
        "m", "l", "re", "c", "v", "y", "h", "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n", "W", "W*"
    };

    private final Deadline deadline;
    private final PageTables tables;
    private final List<PageText> pages = new ArrayList<>();
    private final Map<PDFont, int[]> fontStyle = new IdentityHashMap<>();
    private final Map<PDFont, Float> tabulaHeights = new IdentityHashMap<>();
    private final RulingPath rulingPath = new RulingPath();
    private final RepeatedGlyphs repeated = new RepeatedGlyphs();
    /** Per open marked-content sequence, whether it carries an ActualText (its glyphs are never suppressed). */
    private final Deque<Boolean> actualTexts = new ArrayDeque<>();
    /** Whether the glyphs now shown are under an ActualText. */
    private boolean actualText;

    private List<List<Word>> rows = new ArrayList<>();
    private List<Word> row = new ArrayList<>();
    private List<TextPosition> glyphs = new ArrayList<>();
    private PDRectangle box = PDRectangle.LETTER;
    private int horizontal;
    private int vertical;
    private final int[] directions = new int[4];
    private float pathX;
    private float pathY;

    /** A collector that finds no tables. */
    public PdfTextCollector(Deadline deadline) throws IOException {
        this(deadline, null);
    }

    /**
     * A collector handing each page to {@code tables} once it is read.
     *
     * @param tables null to find no tables
     */
    public PdfTextCollector(Deadline deadline, PageTables tables) throws IOException {
        this.deadline = deadline;
        this.tables = tables;
        setSortByPosition(true);
        // PDFBox's check walks sorted maps of boxed coordinates for every glyph; RepeatedGlyphs applies its rule
        setSuppressDuplicateOverlappingText(false);
        for (String name : PATH_OPERATORS) {
            addOperator(new PathOperator(name));
        }
    }

    /** The Tabula page of one page of a document, read in one pass of this collector. */
    public static Page tabulaPage(PDDocument document, int pageNumber) throws IOException {
        Page[] out = new Page[1];
        PdfTextCollector collector =
                new PdfTextCollector(Deadline.after(java.time.Duration.ofMinutes(10)), (page, tabula) -> {
                    out[0] = tabula.get();
                    return List.of();
                });
        collector.setStartPage(pageNumber);
        collector.setEndPage(pageNumber);
        collector.collect(document);
        if (out[0] == null) {
            throw new IllegalArgumentException(
                    "no page " + pageNumber + " in a document of " + document.getNumberOfPages());
        }
        return out[0];
    }

    public List<PageText> collect(PDDocument document) throws IOException {
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
        glyphs = new ArrayList<>();
        horizontal = 0;
        vertical = 0;
        java.util.Arrays.fill(directions, 0);
        repeated.clear();
        rulingPath.startPage(page);
        super.startPage(page);
    }

    @Override
    protected void endPage(PDPage page) throws IOException {
        flushRow();
        int number = getCurrentPageNo();
        PageText text = new PageText(
                number, box.getWidth(), box.getHeight(), SplitBaselines.rejoin(rows), horizontal, vertical, List.of());
        if (tables != null) {
            List<TextPosition> pageGlyphs = glyphs;
            PDDocument doc = document;
            List<TableFinder.Found> found = tables.find(
                    text,
                    () -> TabulaPages.build(doc, page, number, pageGlyphs, rulingPath.rulings(), this::tabulaHeight));
            if (!found.isEmpty()) {
                text = text.withTables(found);
            }
        }
        glyphs = new ArrayList<>();
        pages.add(text);
        super.endPage(page);
    }

    @Override
    protected void writePage() throws IOException {
        if (tables != null) {
            // the glyphs in content-stream order, before PDFBox sorts them by position: Tabula reads them in
            // this order, and its filters and sorts depend on it
            glyphs = new ArrayList<>();
            for (List<TextPosition> article : charactersByArticle) {
                glyphs.addAll(article);
            }
        }
        super.writePage();
    }

    @Override
    protected void processTextPosition(TextPosition text) {
        deadline.check(getCurrentPageNo());
        directions[direction(text)]++;
        // a glyph drawn again over itself (fake bold) is dropped, except under an ActualText, as PDFBox does
        if (actualText || repeated.show(text.getUnicode(), text.getX(), text.getY(), text.getWidth())) {
            super.processTextPosition(text);
        }
    }

    @Override
    public void beginMarkedContentSequence(COSName tag, COSDictionary properties) {
        // mirrors PDFTextStripper, whose ActualText is the innermost sequence's, null when it has none
        actualText = properties != null && properties.getString(COSName.ACTUAL_TEXT) != null;
        actualTexts.push(actualText);
        super.beginMarkedContentSequence(tag, properties);
    }

    @Override
    public void endMarkedContentSequence() {
        Boolean had = actualTexts.poll();
        if (had != null && had) {
            actualText = false;
        }
        super.endMarkedContentSequence();
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
            float em = Math.max(1f, emSize(tp));
            // a word space, or a jump back to the left (text of another column sorted into this row); a
            // PDF without space characters spaces its words only by position, and justified lines shrink
            // those gaps to a fifth of an em or less (pdfTeX sets Times's quarter-em space down to 0.18
            // em), while kerning inside a word moves a letter by a few hundredths
            boolean gap = previous != null && (advance > 0.15f * em || advance < -0.5f * em);
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

    /**
     * The glyph's type size in points on the page: the vertical scale of its text rendering matrix,
     * which holds the font size, the text matrix and the page's transformation. PDFBox's
     * {@code getFontSizeInPt} is cut to a whole point and read across the line, where pdfTeX's font
     * expansion (microtype) stretches the glyphs: one paper's 8.97 pt body text read as 8 pt on one
     * line and 9 pt on the next, and a 9.96 pt body ("10pt" in LaTeX) as the 9 pt of its captions.
     */
    private static float emSize(TextPosition tp) {
        float size = Math.abs(tp.getYScale());
        return size > 0 ? size : tp.getFontSizeInPt();
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
        int italicChars = 0;
        int smallCapsChars = 0;
        int math = 0;
        for (TextPosition tp : positions) {
            float size = emSize(tp);
            float height = tp.getHeightDir() > 0 ? tp.getHeightDir() : 0.7f * size;
            x0 = Math.min(x0, tp.getXDirAdj());
            x1 = Math.max(x1, tp.getXDirAdj() + tp.getWidthDirAdj());
            top = Math.min(top, tp.getYDirAdj() - height);
            bottom = Math.max(bottom, tp.getYDirAdj());
            sizeSum += size;
            int[] style = style(tp.getFont());
            boldChars += style[0];
            italicChars += style[2];
            smallCapsChars += style[3];
            String u = tp.getUnicode();
            if (style[1] == 1 || (u != null && !u.isEmpty() && isMathSymbol(u.codePointAt(0)))) {
                math += u == null ? 1 : Math.max(1, u.length());
            }
        }
        float size = Math.round(sizeSum / positions.size() * 2f) / 2f;
        boolean bold = boldChars * 2 > positions.size();
        boolean italic = italicChars * 2 > positions.size();
        boolean smallCaps = smallCapsChars * 2 > positions.size();
        row.add(new Word(text, x0, x1, top, bottom, size, bold, italic, smallCaps, Math.min(math, text.length())));
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

    /** {bold 0/1, math font 0/1, italic 0/1, small capitals 0/1} for a font, cached per font object. */
    private int[] style(PDFont font) {
        if (font == null) {
            return new int[] {0, 0, 0, 0};
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
            // a math font's letters are italic too, but they are formulas, not a heading's style
            boolean italic = !math
                    && (name.contains("ital")
                            || name.contains("oblique")
                            || name.matches(".*-(it|bi|boldit)$|(cm|ec|lm|t1)(ti|bxti|sl)\\d*.*")
                            || d != null && (d.isItalic() || d.getItalicAngle() != 0));
            // Computer Modern's cmcsc, Latin Modern's "Caps" faces, OpenType-named "SmallCaps"/"SC" faces
            boolean smallCaps = name.matches("(cm|ec|lm|t1)csc.*|.*(caps|smcp).*|.*[-_]sc(\\d.*)?$");
            return new int[] {bold ? 1 : 0, math ? 1 : 0, italic ? 1 : 0, smallCaps ? 1 : 0};
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

    /** A point in device space (after the current transformation matrix), computed as PDFBox's graphics engine does. */
    private Point2D.Float device(float x, float y) {
        Matrix m = getGraphicsState().getCurrentTransformationMatrix();
        return new Point2D.Float(
                (float) ((double) m.getScaleX() * x + (double) m.getShearX() * y + m.getTranslateX()),
                (float) ((double) m.getShearY() * x + (double) m.getScaleY() * y + m.getTranslateY()));
    }

    private static float number(List<COSBase> operands, int i) {
        return operands.size() > i && operands.get(i) instanceof COSNumber n ? n.floatValue() : Float.NaN;
    }

    /** The glyph height of a font in text space as Tabula measures it, cached per font. */
    private float tabulaHeight(PDFont font) {
        if (font == null) {
            return 0f;
        }
        Float cached = tabulaHeights.get(font);
        if (cached != null) {
            return cached;
        }
        float height;
        try {
            height = tabulaFontHeight(font);
        } catch (IOException | RuntimeException e) {
            height = 0f; // a broken font program
        }
        tabulaHeights.put(font, height);
        return height;
    }

    /** Half the font's bounding box, or its cap height, or half of ascent minus descent, as Tabula measures it. */
    private static float tabulaFontHeight(PDFont font) throws IOException {
        BoundingBox bbox = font.getBoundingBox();
        float lowerLeftY = bbox.getLowerLeftY();
        if (lowerLeftY < Short.MIN_VALUE) {
            lowerLeftY = -(lowerLeftY + 65536); // bounding boxes written as unsigned numbers
        }
        float glyphHeight = (bbox.getUpperRightY() - lowerLeftY) / 2;
        PDFontDescriptor d = font.getFontDescriptor();
        if (d != null) {
            float cap = d.getCapHeight();
            if (Float.compare(cap, 0) != 0 && (cap < glyphHeight || Float.compare(glyphHeight, 0) == 0)) {
                glyphHeight = cap;
            }
            float ascent = d.getAscent();
            float descent = d.getDescent();
            if (ascent > 0
                    && descent < 0
                    && ((ascent - descent) / 2 < glyphHeight || Float.compare(glyphHeight, 0) == 0)) {
                glyphHeight = (ascent - descent) / 2;
            }
        }
        return font instanceof PDType3Font ? font.getFontMatrix().transformPoint(0, glyphHeight).y : glyphHeight / 1000;
    }

    /** Path operators: thin rectangles and straight segments count as ruling lines, and Tabula's rulings are built. */
    private final class PathOperator extends OperatorProcessor {
        private final String name;

        PathOperator(String name) {
            this.name = name;
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) {
            switch (name) {
                case "m" -> moveTo(operands);
                case "l" -> lineTo(operands);
                case "re" -> rectangle(operands);
                case "c" -> curve(operands, 0);
                case "v" -> curve(operands, 1);
                case "y" -> curve(operands, 2);
                case "h" -> rulingPath.closePath();
                case "S", "f", "F", "f*", "B", "B*" -> rulingPath.paint(getGraphicsState());
                case "s", "b", "b*" -> {
                    rulingPath.closePath();
                    rulingPath.paint(getGraphicsState());
                }
                case "n" -> rulingPath.endPath(getGraphicsState());
                case "W" -> rulingPath.clip(Path2D.WIND_NON_ZERO);
                case "W*" -> rulingPath.clip(Path2D.WIND_EVEN_ODD);
                default -> throw new IllegalStateException("unexpected path operator " + name);
            }
        }

        private void moveTo(List<COSBase> operands) {
            float x = number(operands, 0);
            float y = number(operands, 1);
            if (Float.isNaN(x) || Float.isNaN(y)) {
                return;
            }
            Point2D.Float p = toPage(x, y);
            pathX = p.x;
            pathY = p.y;
            Point2D.Float d = device(x, y);
            rulingPath.moveTo(d.x, d.y);
        }

        private void lineTo(List<COSBase> operands) {
            float x = number(operands, 0);
            float y = number(operands, 1);
            if (Float.isNaN(x) || Float.isNaN(y)) {
                return;
            }
            Point2D.Float p = toPage(x, y);
            ruling(pathX, pathY, p.x, p.y);
            pathX = p.x;
            pathY = p.y;
            Point2D.Float d = device(x, y);
            rulingPath.lineTo(d.x, d.y);
        }

        private void rectangle(List<COSBase> operands) {
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
            rulingPath.rectangle(device(x, y), device(x + w, y), device(x + w, y + h), device(x, y + h));
        }

        /** "c" (kind 0), "v" (1: first control point is the current point), "y" (2: second is the end point). */
        private void curve(List<COSBase> operands, int kind) {
            int n = kind == 0 ? 6 : 4;
            float[] v = new float[n];
            for (int i = 0; i < n; i++) {
                v[i] = number(operands, i);
                if (Float.isNaN(v[i])) {
                    return;
                }
            }
            Point2D current = rulingPath.currentPoint();
            Point2D.Float p1;
            Point2D.Float p2;
            Point2D.Float p3;
            if (kind == 0) {
                p1 = device(v[0], v[1]);
                p2 = device(v[2], v[3]);
                p3 = device(v[4], v[5]);
            } else if (kind == 1) {
                p2 = device(v[0], v[1]);
                p3 = device(v[2], v[3]);
                p1 = current == null ? p3 : new Point2D.Float((float) current.getX(), (float) current.getY());
            } else {
                p1 = device(v[0], v[1]);
                p3 = device(v[2], v[3]);
                p2 = p3;
            }
            rulingPath.curveTo(p1.x, p1.y, p2.x, p2.y, p3.x, p3.y);
        }

        @Override
        public String getName() {
            return name;
        }
    }
}
