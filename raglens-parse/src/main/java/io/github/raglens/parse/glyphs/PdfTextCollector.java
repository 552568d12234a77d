package io.github.raglens.parse.glyphs;

import java.io.IOException;
import java.io.Writer;
import java.text.Normalizer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import technology.tabula.Page;

/**
 * Collects the words of every page with their positions and fonts, counts ruling lines, and builds
 * Tabula's rulings ({@link PagePaths}), in one pass of PDFBox's text engine. When given a {@link
 * PageListener}, it tells it of each page as soon as the page is read, with a Tabula page built from the
 * same pass on demand, so the glyphs of a page are dropped once the listener is done with them (the
 * table finder reads Tabula's page there). Not thread-safe: one instance per document.
 */
public final class PdfTextCollector extends PDFTextStripper {

    /** Told of each page while the document is being read. */
    public interface PageListener {
        /**
         * A page has been read.
         *
         * @param tabula builds the page for Tabula's extraction algorithms from this pass (costly; call
         *     only when needed, and only during this call)
         */
        void pageRead(PageText page, Supplier<Page> tabula);
    }

    private final Deadline deadline;
    private final PageListener listener;
    private final List<PageText> pages = new ArrayList<>();
    private final Map<PDFont, FontStyle> fontStyles = new IdentityHashMap<>();
    private PDFont lastFont;
    private FontStyle lastStyle = FontStyle.PLAIN;
    private final TabulaFontHeights tabulaHeights = new TabulaFontHeights();
    private final PagePaths paths = new PagePaths();
    private final ImageCover images = new ImageCover();
    private final RepeatedGlyphs repeated = new RepeatedGlyphs();
    /** Per open marked-content sequence, whether it carries an ActualText (its glyphs are never suppressed). */
    private final Deque<Boolean> actualTexts = new ArrayDeque<>();
    /** Whether the glyphs now shown are under an ActualText. */
    private boolean actualText;

    private List<List<Word>> rows = new ArrayList<>();
    private List<Word> row = new ArrayList<>();
    private List<TextPosition> glyphs = new ArrayList<>();
    private PDRectangle box = PDRectangle.LETTER;
    private final int[] directions = new int[4];
    private final GlyphLines.Sink lineSink = new GlyphLines.Sink() {
        @Override
        public void word(List<PlacedGlyph> glyphs) {
            words(glyphs);
        }

        @Override
        public void lineEnd() {
            flushRow();
        }
    };

    /** A collector that tells no one of its pages. */
    public PdfTextCollector(Deadline deadline) throws IOException {
        this(deadline, null);
    }

    /**
     * A collector telling {@code listener} of each page once it is read.
     *
     * @param listener null for none
     */
    public PdfTextCollector(Deadline deadline, PageListener listener) throws IOException {
        this.deadline = deadline;
        this.listener = listener;
        setSortByPosition(true);
        // PDFBox's check walks sorted maps of boxed coordinates for every glyph; RepeatedGlyphs applies its rule
        setSuppressDuplicateOverlappingText(false);
        for (String name : PathOperator.NAMES) {
            addOperator(new PathOperator(name, paths));
        }
        addOperator(new ImageOperators.DrawXObject(images));
        addOperator(new ImageOperators.InlineImage(images));
    }

    /** The Tabula page of one page of a document, read in one pass of this collector. */
    public static Page tabulaPage(PDDocument document, int pageNumber) throws IOException {
        Page[] out = new Page[1];
        PdfTextCollector collector = new PdfTextCollector(
                Deadline.after(java.time.Duration.ofMinutes(10)), (page, tabula) -> out[0] = tabula.get());
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
        java.util.Arrays.fill(directions, 0);
        repeated.clear();
        paths.startPage(page);
        images.startPage(box);
        super.startPage(page);
    }

    @Override
    protected void endPage(PDPage page) throws IOException {
        flushRow();
        int number = getCurrentPageNo();
        PageText text = new PageText(
                number,
                box.getWidth(),
                box.getHeight(),
                SplitBaselines.rejoin(rows),
                paths.horizontal(),
                paths.vertical(),
                paths.drawings(),
                images.share());
        if (listener != null) {
            List<TextPosition> pageGlyphs = glyphs;
            PDDocument doc = document;
            listener.pageRead(
                    text, () -> TabulaPages.build(doc, page, number, pageGlyphs, paths.rulings(), tabulaHeights));
        }
        glyphs = new ArrayList<>();
        pages.add(text);
        super.endPage(page);
    }

    @Override
    protected void writePage() throws IOException {
        if (listener != null) {
            // the glyphs in content-stream order, before PDFBox sorts them by position: Tabula reads them in
            // this order, and its filters and sorts depend on it
            glyphs = new ArrayList<>();
            for (List<TextPosition> article : charactersByArticle) {
                glyphs.addAll(article);
            }
        }
        List<List<TextPosition>> articles =
                charactersByArticle.stream().filter(a -> !a.isEmpty()).toList();
        if (articles.size() > 1) {
            // threads of articles (beads): the stripper's own pass, whose line breaks between articles
            // depend on its paragraph rules
            super.writePage();
        } else if (!articles.isEmpty()) {
            GlyphLines.Spacing spacing = new GlyphLines.Spacing(
                    getSpacingTolerance(),
                    getAverageCharTolerance(),
                    getWordSeparator(),
                    getIgnoreContentStreamSpaceGlyphs());
            GlyphLines.split(articles.getFirst(), spacing, lineSink);
        }
    }

    @Override
    protected void processTextPosition(TextPosition text) {
        deadline.check(getCurrentPageNo());
        directions[PlacedGlyph.quadrant(text.getDir())]++;
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
        words(PlacedGlyph.of(positions));
    }

    /** Adds the words of one of the stripper's word groups to the row, split where glyphs stand apart. */
    private void words(List<PlacedGlyph> positions) {
        deadline.check(getCurrentPageNo());
        StringBuilder chars = new StringBuilder();
        List<PlacedGlyph> wordPositions = new ArrayList<>();
        PlacedGlyph previous = null;
        int dominant = 0;
        for (int d = 1; d < 4; d++) {
            if (directions[d] > directions[dominant]) {
                dominant = d;
            }
        }
        for (PlacedGlyph tp : positions) {
            if (tp.quadrant() != dominant) {
                continue; // text turned against the page's text (margin stamps, axis labels) is not running text
            }
            String unicode = tp.unicode;
            boolean space = unicode == null || unicode.isBlank();
            float advance = previous == null ? 0f : tp.x - (previous.x + previous.width);
            float em = Math.max(1f, tp.em);
            // a word space, or a jump back to the left (text of another column sorted into this row); a
            // PDF without space characters spaces its words only by position, and justified lines shrink
            // those gaps to a fifth of an em or less (pdfTeX sets Times's quarter-em space down to 0.18
            // em), while kerning inside a word moves a letter by a few hundredths
            boolean gap = previous != null && (advance > 0.15f * em || advance < -0.5f * em);
            if ((space || gap || (previous != null && raisedApart(previous, tp))) && !wordPositions.isEmpty()) {
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
     * Whether one glyph is set as a superscript of the other, so that they belong to two words: smaller
     * and raised off its baseline (a footnote mark after "v0.5.5" is "10", not the end of a version
     * "v0.5.510"), whichever of the two comes first. Small capitals, smaller on the same baseline, and
     * accents, raised at the same size, stay in their word.
     */
    private static boolean raisedApart(PlacedGlyph a, PlacedGlyph b) {
        return superscriptOf(a, b) || superscriptOf(b, a);
    }

    private static boolean superscriptOf(PlacedGlyph base, PlacedGlyph mark) {
        float em = base.em;
        return mark.em < 0.85f * em && base.y - mark.y > 0.2f * em;
    }

    private void addWord(CharSequence raw, List<PlacedGlyph> positions) {
        String text = normalized(rightToLeft(raw) ? reverse(raw) : raw).strip();
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
        for (PlacedGlyph tp : positions) {
            float size = tp.em;
            float height = tp.height > 0 ? tp.height : 0.7f * size;
            x0 = Math.min(x0, tp.x);
            x1 = Math.max(x1, tp.x + tp.width);
            top = Math.min(top, tp.y - height);
            bottom = Math.max(bottom, tp.y);
            sizeSum += size;
            FontStyle style = style(tp.font);
            boldChars += style.bold() ? 1 : 0;
            italicChars += style.italic() ? 1 : 0;
            smallCapsChars += style.smallCaps() ? 1 : 0;
            String u = tp.unicode;
            if (style.math() || (u != null && !u.isEmpty() && FontStyle.mathSymbol(u.codePointAt(0)))) {
                math += u == null ? 1 : Math.max(1, u.length());
            }
        }
        float size = Math.round(sizeSum / positions.size() * 2f) / 2f;
        boolean bold = boldChars * 2 > positions.size();
        boolean italic = italicChars * 2 > positions.size();
        boolean smallCaps = smallCapsChars * 2 > positions.size();
        row.add(new Word(text, x0, x1, top, bottom, size, bold, italic, smallCaps, Math.min(math, text.length())));
    }

    /**
     * A word in Unicode's compatibility composition (NFKC: ligatures split, full-width forms narrowed).
     * A word of characters below U+00A0 only (ASCII and the C1 controls, most words of most papers) is
     * its own NFKC form, none of them having a decomposition or combining with a neighbour, and skips
     * the normaliser.
     */
    private static String normalized(CharSequence raw) {
        for (int i = 0; i < raw.length(); i++) {
            if (raw.charAt(i) >= '\u00a0') {
                return Normalizer.normalize(raw, Normalizer.Form.NFKC);
            }
        }
        return raw.toString();
    }

    /**
     * Whether a word is in a right-to-left script (positions come in visual, left-to-right order).
     * Characters before the Hebrew block (U+0590) are none of them right-to-left, so the directionality
     * is looked up only past it.
     */
    private static boolean rightToLeft(CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '\u0590') {
                continue;
            }
            byte d = Character.getDirectionality(c);
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

    /** The style of a glyph's font, cached per font object; a word's glyphs mostly share the last one's font. */
    private FontStyle style(PDFont font) {
        if (font != lastFont) {
            lastStyle = font == null ? FontStyle.PLAIN : fontStyles.computeIfAbsent(font, FontStyle::of);
            lastFont = font;
        }
        return lastStyle;
    }
}
