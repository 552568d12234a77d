package io.github.raglens.parse.pdf;

import io.github.raglens.model.Section;
import io.github.raglens.parse.document.SectionTreeBuilder;
import io.github.raglens.parse.glyphs.Drawing;
import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.headings.HeadingCandidate;
import io.github.raglens.parse.headings.HeadingDetector;
import io.github.raglens.parse.headings.Headings;
import io.github.raglens.parse.headings.OutlineReader;
import io.github.raglens.parse.layout.ColumnLayout;
import io.github.raglens.parse.layout.Line;
import io.github.raglens.parse.layout.RunningLines;
import io.github.raglens.parse.tables.FoundTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The map of the PDF pipeline from the words of each page to a section tree: where glyphs end and
 * layout, tables and headings begin. Each stage reads what the ones before left, in this order:
 *
 * <ol>
 *   <li>layout: each page's lines in reading order ({@link ColumnLayout}), then the running headers,
 *       footers and page numbers found across the pages taken out ({@link RunningLines});
 *   <li>tables: each page's tables, found while it was read, put in place of the words they cover
 *       ({@link TablesInPlace}); from here the reading order is a list of {@link Piece}s;
 *   <li>chart text and the labels inside drawings left out ({@link FigureText}), footnotes set aside and venue lines dropped
 *       ({@link Footnotes}), a table cut by a page break joined ({@link ContinuedTables});
 *   <li>headings: the title's lines ({@link TitleLines}), then the outline's entries placed on the
 *       lines ({@link OutlineReader}), or, without an outline, headings found from type and numbering
 *       ({@link HeadingDetector});
 *   <li>the rest assembled into paragraphs, display formulas, footnotes and tables under the headings
 *       ({@link TextAssembler}).
 * </ol>
 *
 * <p>Its input is pages of words, whatever read them: a PDF's text layer, or OCR.
 */
public final class PagePipeline {

    /**
     * What the pipeline made of a document's pages.
     *
     * @param title the declared title, else the title's lines, else the fallback
     * @param root the section tree
     * @param figureTextLines lines of chart text left out of the text
     * @param venueLines lines naming where the document appeared, dropped from its first page
     */
    public record Result(String title, Section root, int figureTextLines, int venueLines) {}

    private PagePipeline() {}

    /**
     * Runs the stages on a document's pages.
     *
     * @param tables the tables found on each page, by page (by identity)
     * @param laidOut the lines of pages already laid out in reading order, by page (by identity); the
     *     others are laid out here
     * @param outline the document's outline entries, in order; empty to find headings from type
     * @param declaredTitle the title the document declares, when usable
     * @param fallbackTitle the title when neither the declared one nor title lines exist (the file's name)
     */
    public static Result run(
            List<PageText> pages,
            Map<PageText, List<FoundTable>> tables,
            Map<PageText, List<Line>> laidOut,
            List<HeadingCandidate> outline,
            Optional<String> declaredTitle,
            String fallbackTitle) {
        List<List<Line>> pageLines = new ArrayList<>();
        List<Float> heights = new ArrayList<>();
        Map<Integer, List<Drawing>> drawings = new HashMap<>();
        for (PageText p : pages) {
            List<Line> known = laidOut.get(p);
            pageLines.add(known != null ? known : ColumnLayout.lines(p));
            heights.add(p.height());
            drawings.put(p.page(), p.drawings());
        }
        List<List<Line>> kept = RunningLines.remove(pageLines, heights);
        List<Piece> withTables = TablesInPlace.pieces(pages, tables, pageLines, kept);
        float body = HeadingDetector.bodySize(Piece.lines(withTables));
        FigureText.Result figures = FigureText.remove(withTables, body, drawings);
        Footnotes.Result footnotes = Footnotes.find(figures.pieces(), body);
        List<Piece> pieces = ContinuedTables.join(footnotes.pieces(), footnotes.lines(), body);
        List<Line> lines = Piece.lines(pieces);
        Set<Line> titleLines = TitleLines.find(lines, body);
        String title =
                declaredTitle.orElseGet(() -> titleLines.isEmpty() ? fallbackTitle : TitleLines.text(titleLines));
        Headings headings = outline.isEmpty()
                ? HeadingDetector.detect(lines, body, titleLines)
                : OutlineReader.place(lines, outline);
        SectionTreeBuilder tree = new SectionTreeBuilder(title);
        new TextAssembler(tree, lines).assemble(pieces, headings, titleLines, footnotes);
        return new Result(title, tree.build(), figures.dropped(), footnotes.venueLines());
    }
}
