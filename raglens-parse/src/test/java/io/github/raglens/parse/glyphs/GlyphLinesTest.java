package io.github.raglens.parse.glyphs;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.testdata.SharedData;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.junit.jupiter.api.Test;

/**
 * {@link GlyphLines} cuts a page's glyphs into the same lines and word groups as PDFBox's own {@code
 * PDFTextStripper} sorting by position, on every page of five real papers and of the generated corpus: the
 * stripper's pass runs on each page, and GlyphLines on a copy of the same glyphs.
 */
class GlyphLinesTest {

    /** A line break in the recorded sequence. */
    private static final String LINE_END = "\n";

    /**
     * A stripper recording what it writes, word group by word group, and what GlyphLines makes of the
     * same glyphs.
     */
    private static final class Recorder extends PDFTextStripper {
        final List<String> theirs = new ArrayList<>();
        final List<String> ours = new ArrayList<>();

        Recorder() throws IOException {
            setSortByPosition(true);
        }

        @Override
        protected void writePage() throws IOException {
            List<List<TextPosition>> articles =
                    charactersByArticle.stream().filter(a -> !a.isEmpty()).toList();
            if (articles.size() == 1) {
                GlyphLines.Spacing spacing = new GlyphLines.Spacing(
                        getSpacingTolerance(),
                        getAverageCharTolerance(),
                        getWordSeparator(),
                        getIgnoreContentStreamSpaceGlyphs());
                GlyphLines.split(new ArrayList<>(articles.getFirst()), spacing, new GlyphLines.Sink() {
                    @Override
                    public void word(List<PlacedGlyph> glyphs) {
                        record(ours, glyphs.stream().map(g -> g.glyph).toList());
                    }

                    @Override
                    public void lineEnd() {
                        ours.add(LINE_END);
                    }
                });
                super.writePage();
            }
            ours.add("page end");
            theirs.add("page end");
        }

        @Override
        protected void writeString(String text, List<TextPosition> positions) {
            record(theirs, positions);
        }

        @Override
        protected void writeLineSeparator() {
            theirs.add(LINE_END);
        }

        /** A word group as its glyphs and their places; groups without text are written as nothing. */
        private static void record(List<String> out, List<TextPosition> glyphs) {
            StringBuilder s = new StringBuilder();
            boolean text = false;
            for (TextPosition tp : glyphs) {
                s.append(tp.getUnicode())
                        .append('@')
                        .append(tp.getXDirAdj())
                        .append(',')
                        .append(tp.getYDirAdj());
                s.append(' ');
                text |= !tp.getUnicode().isEmpty();
            }
            if (text) {
                out.add(s.toString());
            }
        }
    }

    @Test
    void split_cutsTheLinesAndWordsOfThePdfTextStripper_onRealAndGeneratedPapers() throws IOException {
        List<Path> pdfs = new ArrayList<>(pdfs(Path.of("src/test/resources/generated-corpus")));
        pdfs.addAll(pdfs(SharedData.require("pdfs")).subList(0, 5));
        int groups = 0;
        for (Path pdf : pdfs) {
            try (PDDocument doc = PDDocument.load(pdf.toFile())) {
                Recorder recorder = new Recorder();
                recorder.writeText(doc, Writer.nullWriter());
                assertThat(recorder.ours).as(pdf.getFileName().toString()).isEqualTo(recorder.theirs);
                groups += recorder.ours.size();
            }
        }
        assertThat(groups).isGreaterThan(50_000);
    }

    private static List<Path> pdfs(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
    }
}
