package io.github.raglens.parse.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Joining the lines of wrapped cells that a table read from its words gives as rows of their own. */
class WrappedRowsTest {

    @Test
    void labelOverThreeLines_itsCodeOnTheFirstAndFiguresOnTheLast_isOneRow() {
        List<List<String>> rows = List.of(
                List.of("0301", "Live fish", "1", "25"),
                List.of("0302", "Fish, fresh", "", ""),
                List.of("", "or chilled,", "", ""),
                List.of("", "except fillets", "7.704", "7.175"),
                List.of("0304", "Fillets and other fish meat", "105.434", "200.563"));

        assertThat(WrappedRows.joined(rows))
                .containsExactly(
                        List.of("0301", "Live fish", "1", "25"),
                        List.of("0302", "Fish, fresh or chilled, except fillets", "7.704", "7.175"),
                        List.of("0304", "Fillets and other fish meat", "105.434", "200.563"));
    }

    @Test
    void headerOverTwoLines_isOneRow_aWordBrokenAtAHyphenWhole() {
        List<List<String>> rows = List.of(
                List.of("", "Lack of interest of", "Prepa-"),
                List.of("", "pupils", "ration"),
                List.of("Foreign language competence", "-0,1804", "0,3057"));

        assertThat(WrappedRows.joined(rows))
                .containsExactly(
                        List.of("", "Lack of interest of pupils", "Preparation"),
                        List.of("Foreign language competence", "-0,1804", "0,3057"));
    }

    @Test
    void lineOfTextAfterARowOfFigures_goesOnItsLabel() {
        List<List<String>> rows = List.of(
                List.of("Knowledge of school system and", "-0,1505", "-0,1636"),
                List.of("education in the partner countries", "", ""),
                List.of("Foreign language competence", "-0,0545", "-0,0997"));

        assertThat(WrappedRows.joined(rows))
                .containsExactly(
                        List.of(
                                "Knowledge of school system and education in the partner countries",
                                "-0,1505",
                                "-0,1636"),
                        List.of("Foreign language competence", "-0,0545", "-0,0997"));
    }

    @Test
    void headerOverRowsOfData_rowsOfData_andAGroupLabel_stayApart_evenInLowerCase() {
        List<List<String>> rows = List.of(
                List.of("Model", "P@5", "R@5"),
                List.of("bm25", "0.31", "0.44"),
                List.of("dense", "0.35", "0.47"),
                List.of("Rerankers", "", ""),
                List.of("Cross-encoder", "0.41", "0.52"));

        assertThat(WrappedRows.joined(rows)).isEqualTo(rows);
    }
}
