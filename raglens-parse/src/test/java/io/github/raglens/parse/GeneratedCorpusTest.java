package io.github.raglens.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Cases seen on unseen papers, reproduced by the generated corpus (typeset by pdflatex from
 * {@code benchmarks/corpus/generate.py}; the ground truth is the JSON next to each PDF).
 */
class GeneratedCorpusTest {

    private static final Path CORPUS = Path.of("src/test/resources/generated-corpus");

    private static List<Table> tables(Section s) {
        List<Table> out = new ArrayList<>(s.tables());
        s.children().forEach(c -> out.addAll(tables(c)));
        return out;
    }

    @Test
    void sideBySideTables_underCaptionsOnOneRow_areKeptApart() {
        Document d = PdfParser.create().parse(CORPUS.resolve("latex-04.pdf"));
        List<List<String>> headers = tables(d.root()).stream()
                .filter(t -> t.page() == 6)
                .map(t -> t.rows().getFirst())
                .toList();
        assertThat(headers)
                .containsExactly(List.of("System", "Pages 1", "Pages 2"), List.of("System", "Recall 1", "Accuracy 2"));
    }
}
