package io.github.raglens.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.eval.evidence.EvidenceIndex;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.model.Chunk;
import io.github.raglens.store.ChunksFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleCorpusTest {

    private static String normalise(String s) {
        return s.replaceAll("\\s+", " ").strip();
    }

    @Test
    void everyEvidence_occursExactlyOnceInItsMarkdown() {
        assertThat(SampleCorpus.questions()).hasSizeGreaterThanOrEqualTo(25);
        for (SampleQuestion q : SampleCorpus.questions()) {
            String text = normalise(SampleCorpus.markdown(q.document()));
            String evidence = normalise(q.evidence());
            int first = text.indexOf(evidence);
            assertThat(first).as("evidence of %s", q.id()).isNotNegative();
            assertThat(text.indexOf(evidence, first + 1))
                    .as("evidence of %s is unique", q.id())
                    .isNegative();
        }
    }

    @Test
    void everyEvidence_identifiesItsPassageInTheIngestedCorpus(@TempDir Path workspace) {
        RagLens lens = RagLens.builder().workspace(workspace).bm25().build();
        lens.ingest(SampleCorpus.writeTo(workspace.resolve("corpus")), ProgressListener.NONE);
        List<Chunk> chunks = ChunksFile.read(lens.workspace().chunks());
        EvidenceIndex index = EvidenceIndex.of(chunks);
        for (SampleQuestion q : SampleCorpus.questions()) {
            assertThat(EvidenceRule.defaults().check(q.evidence(), index).describe())
                    .as("evidence of %s", q.id())
                    .isEmpty();
        }
    }

    @Test
    void writeTo_typesetsPdfsWithOutlineAndTheirText() throws Exception {
        Path dir = SampleCorpus.writeTo(Files.createTempDirectory("sample"));
        assertThat(dir.resolve("sourdough.md")).exists();
        try (PDDocument pdf = PDDocument.load(dir.resolve("transit-fares.pdf").toFile())) {
            assertThat(pdf.getDocumentCatalog()
                            .getDocumentOutline()
                            .getFirstChild()
                            .getTitle())
                    .isEqualTo("Riverside Transit Fare Guide");
            String text = normalise(new PDFTextStripper().getText(pdf));
            assertThat(text).contains("RT-017", "Off-peak fares apply on weekdays between 09:30 and 16:00");
        }
        try (PDDocument pdf = PDDocument.load(dir.resolve("tidal-power.pdf").toFile())) {
            assertThat(pdf.getDocumentInformation().getTitle()).isEqualTo("Tidal Power at Kestrel Sound");
            assertThat(new PDFTextStripper().getText(pdf)).contains("P = (1)/(2) rho A v^3 C_p");
        }
    }

    @Test
    void writeTo_isReproducible(@TempDir Path a, @TempDir Path b) throws Exception {
        SampleCorpus.writeTo(a);
        SampleCorpus.writeTo(b);
        assertThat(Files.readAllBytes(a.resolve("tidal-power.pdf")))
                .isEqualTo(Files.readAllBytes(b.resolve("tidal-power.pdf")));
    }
}
