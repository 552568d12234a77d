package io.github.raglens.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.chunk.StructurePreserver.Span;
import io.github.raglens.chunk.StructurePreserver.TableBlock;
import io.github.raglens.chunk.StructurePreserver.TableFragment;
import java.util.List;
import org.junit.jupiter.api.Test;

class StructurePreserverTest {

    private static String sub(String text, Span s) {
        return text.substring(s.start(), s.end());
    }

    @Test
    void tables_pipeTableWithSeparator_isFoundWithItsRows() {
        String text = "Results follow.\n\n| model | nDCG |\n|---|:---:|\n| bm25 | 0.66 |\n| dense | 0.71 |\n\nAfter.";
        List<TableBlock> tables = StructurePreserver.tables(text, StructurePreserver.formulas(text));

        assertThat(tables).hasSize(1);
        TableBlock t = tables.getFirst();
        assertThat(sub(text, t.header())).isEqualTo("| model | nDCG |");
        assertThat(sub(text, t.separator())).isEqualTo("|---|:---:|");
        assertThat(t.rows()).extracting(r -> sub(text, r)).containsExactly("| bm25 | 0.66 |", "| dense | 0.71 |");
        assertThat(sub(text, t.span())).isEqualTo("| model | nDCG |\n|---|:---:|\n| bm25 | 0.66 |\n| dense | 0.71 |");
    }

    @Test
    void tables_pipesWithoutSeparatorRow_areNotATable() {
        String text = "a | b\nc | d\n| e | f |";
        assertThat(StructurePreserver.tables(text, List.of())).isEmpty();
    }

    @Test
    void tables_linesOfAMultiLineFormula_neverFormATable() {
        String text = "$$\np(y|x)\n---\n$$";
        assertThat(StructurePreserver.tables(text, StructurePreserver.formulas(text)))
                .isEmpty();
    }

    @Test
    void tables_formulaInsideOneRow_keepsTheRowInTheTable() {
        String text = "| a | b |\n|---|---|\n| $$x^2$$ | 1 |";
        List<TableBlock> tables = StructurePreserver.tables(text, StructurePreserver.formulas(text));
        assertThat(tables).singleElement().satisfies(t -> assertThat(t.rows()).hasSize(1));
    }

    @Test
    void tables_windowsLineEnds_areNotPartOfTheRows() {
        String text = "| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n";
        TableBlock t = StructurePreserver.tables(text, List.of()).getFirst();
        assertThat(sub(text, t.rows().getFirst())).isEqualTo("| 1 | 2 |");
    }

    @Test
    void formulas_pairsOfDoubleDollars_unclosedOneIsPlainText() {
        String text = "a $$x$$ b $$\ny\n$$ c $$ open";
        assertThat(StructurePreserver.formulas(text))
                .extracting(s -> sub(text, s))
                .containsExactly("$$x$$", "$$\ny\n$$");
    }

    @Test
    void fragments_tableWithinMaxTableChars_isOneFragment() {
        String text = "| a | b |\n|---|---|\n| 1 | 2 |";
        TableBlock t = StructurePreserver.tables(text, List.of()).getFirst();
        assertThat(StructurePreserver.fragments(text, t, 3_000, 1_500))
                .containsExactly(new TableFragment(new Span(0, text.length()), text));
    }

    @Test
    void fragments_tableOverMaxTableChars_repeatsHeaderInEveryFragmentAndSplitsAtRows() {
        StringBuilder sb = new StringBuilder("| name | value |\n|---|---|");
        for (int i = 0; i < 300; i++) {
            sb.append("\n| row").append(i).append(" | ").append(i * 7).append(" |");
        }
        String text = sb.toString();
        TableBlock t = StructurePreserver.tables(text, List.of()).getFirst();

        List<TableFragment> fragments = StructurePreserver.fragments(text, t, 3_000, 1_500);

        assertThat(fragments).hasSizeGreaterThan(2);
        StringBuilder rows = new StringBuilder();
        for (TableFragment f : fragments) {
            assertThat(f.text()).startsWith("| name | value |\n|---|---|\n").hasSizeLessThanOrEqualTo(1_500);
            rows.append(f.text().substring("| name | value |\n|---|---|".length()));
        }
        assertThat(rows.toString()).isEqualTo(text.substring("| name | value |\n|---|---|".length()));
        assertThat(fragments.getFirst().rows().start()).isZero();
        assertThat(fragments.get(1).rows().start())
                .isEqualTo(fragments.getFirst().rows().end() + 1);
        assertThat(fragments.getLast().rows().end()).isEqualTo(text.length());
    }

    @Test
    void fragments_rowLongerThanFragmentSize_staysWholeInItsOwnFragment() {
        String longRow = "| " + "x".repeat(2_000) + " | 1 |";
        String text = "| h | v |\n|---|---|\n| a | 1 |\n" + longRow + "\n| b | 2 |";
        TableBlock t = StructurePreserver.tables(text, List.of()).getFirst();

        List<TableFragment> fragments = StructurePreserver.fragments(text, t, 100, 60);

        assertThat(fragments)
                .extracting(TableFragment::text)
                .containsExactly(
                        "| h | v |\n|---|---|\n| a | 1 |",
                        "| h | v |\n|---|---|\n" + longRow,
                        "| h | v |\n|---|---|\n| b | 2 |");
    }
}
