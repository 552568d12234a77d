package io.github.raglens.parse.headings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.junit.jupiter.api.Test;

class OutlineReaderTest {

    private static PDOutlineItem item(String title) {
        PDOutlineItem item = new PDOutlineItem();
        item.setTitle(title);
        return item;
    }

    @Test
    void read_nestedOutline_givesEntriesInOrderWithTheirLevels() throws Exception {
        try (PDDocument doc = new PDDocument()) {
            doc.addPage(new PDPage());
            PDDocumentOutline outline = new PDDocumentOutline();
            PDOutlineItem intro = item("1 Introduction");
            intro.addLast(item("1.1 Scope"));
            outline.addLast(intro);
            outline.addLast(item("2 Method"));
            doc.getDocumentCatalog().setDocumentOutline(outline);

            assertThat(OutlineReader.read(doc))
                    .extracting(HeadingCandidate::title, HeadingCandidate::level)
                    .containsExactly(tuple("1 Introduction", 1), tuple("1.1 Scope", 2), tuple("2 Method", 1));
        }
    }

    /**
     * A damaged outline whose last entry's /Next leads back to the outline itself, whose /First leads
     * to the first entry again (pdf-parser campaign finding: the walk went round until the stack ran
     * out, 689 MiB allocated for a 1,463-byte file).
     */
    @Test
    void read_outlineWhoseEntryLeadsBackToTheOutline_readsEachEntryOnce() throws Exception {
        try (PDDocument doc = new PDDocument()) {
            doc.addPage(new PDPage());
            PDDocumentOutline outline = new PDDocumentOutline();
            PDOutlineItem intro = item("1 Introduction");
            PDOutlineItem method = item("2 Method");
            outline.addLast(intro);
            outline.addLast(method);
            method.getCOSObject().setItem(COSName.NEXT, outline.getCOSObject());
            doc.getDocumentCatalog().setDocumentOutline(outline);

            assertThat(OutlineReader.read(doc))
                    .extracting(HeadingCandidate::title)
                    .containsExactly("1 Introduction", "2 Method");
        }
    }

    @Test
    void read_entryThatIsItsOwnChild_readsItOnce() throws Exception {
        try (PDDocument doc = new PDDocument()) {
            doc.addPage(new PDPage());
            PDDocumentOutline outline = new PDDocumentOutline();
            PDOutlineItem loop = item("1 Loop");
            outline.addLast(loop);
            loop.getCOSObject().setItem(COSName.FIRST, loop.getCOSObject());
            loop.getCOSObject().setItem(COSName.LAST, loop.getCOSObject());
            doc.getDocumentCatalog().setDocumentOutline(outline);

            assertThat(OutlineReader.read(doc))
                    .extracting(HeadingCandidate::title)
                    .containsExactly("1 Loop");
        }
    }

    @Test
    void read_outlineNestedDeeperThanAnyHeading_stopsAtTheDepthBound() throws Exception {
        try (PDDocument doc = new PDDocument()) {
            doc.addPage(new PDPage());
            PDDocumentOutline outline = new PDDocumentOutline();
            PDOutlineItem parent = item("level 1");
            outline.addLast(parent);
            for (int level = 2; level <= 5_000; level++) {
                PDOutlineItem child = item("level " + level);
                parent.addLast(child);
                parent = child;
            }
            doc.getDocumentCatalog().setDocumentOutline(outline);

            assertThat(OutlineReader.read(doc))
                    .hasSize(32)
                    .last()
                    .extracting(HeadingCandidate::title)
                    .isEqualTo("level 32");
        }
    }
}
