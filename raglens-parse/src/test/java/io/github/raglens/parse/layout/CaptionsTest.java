package io.github.raglens.parse.layout;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CaptionsTest {

    @Test
    void table_isAStrictlyNumberedTableLabel_inEitherCase() {
        assertThat(Captions.table("Table 3: Recall by retriever")).isTrue();
        assertThat(Captions.table("TAB. IV Costs")).isTrue();
        assertThat(Captions.table("Table A.2 Appendix results")).isTrue();
        assertThat(Captions.table("Table of contents")).isFalse();
        assertThat(Captions.table("Table 1234 rows")).isFalse();
    }

    @Test
    void figure_andTableOrFigure() {
        assertThat(Captions.figure("Fig. 2 Recall at k")).isTrue();
        assertThat(Captions.figure("Figure IV")).isFalse();
        assertThat(Captions.tableOrFigure("Figure 2")).isTrue();
        assertThat(Captions.tableOrFigure("Table 2")).isTrue();
    }

    @Test
    void titledTable_wantsTheCapitalisedLabel_aStop_andAWord() {
        assertThat(Captions.titledTable("Table 1. Rates by area")).isTrue();
        assertThat(Captions.titledTable("TABLE II: Datasets")).isTrue();
        assertThat(Captions.titledTable("Table 36.5")).isFalse();
        assertThat(Captions.titledTable("table 1. Rates by area")).isFalse();
    }

    @Test
    void floatLabel_turnsAwayAnyFloatsLabel_asNoHeadingOpensWithOne() {
        assertThat(Captions.floatLabel("Algorithm 1 Greedy search")).isTrue();
        assertThat(Captions.floatLabel("Eq. 3")).isTrue();
        assertThat(Captions.floatLabel("Table 2")).isTrue();
        assertThat(Captions.floatLabel("Tables and figures")).isFalse();
    }

    @Test
    void gluedTableLabel_isTheLabelWithItsNumberInOneWord() {
        assertThat(Captions.gluedTableLabel("Table2:")).isTrue();
        assertThat(Captions.gluedTableLabel("Tab.3")).isTrue();
        assertThat(Captions.gluedTableLabel("Table")).isFalse();
    }
}
