package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.error.Remedy;
import io.github.raglens.error.Setting;
import org.junit.jupiter.api.Test;

class CliTermsTest {

    @Test
    void of_stageToRunFirst_becomesTheCommandWithItsDocsOption() {
        assertThat(CliTerms.of("no index at ws/index; " + Remedy.INDEX.first()))
                .isEqualTo("no index at ws/index; run `raglens index --docs DIR` first");
    }

    @Test
    void of_stageToRunAgain_becomesTheCommand() {
        assertThat(CliTerms.of(
                        "ws/chunks.jsonl line 3 is not a chunk (bad); " + Remedy.INGEST.again() + " to rewrite it"))
                .isEqualTo("ws/chunks.jsonl line 3 is not a chunk (bad); run `raglens ingest` again to rewrite it");
    }

    @Test
    void of_settingsApiName_becomesItsOption() {
        assertThat(CliTerms.of("use evidence relevance (" + Setting.RELEVANCE.apiName() + ") to keep them"))
                .isEqualTo("use evidence relevance (--relevance) to keep them");
    }

    @Test
    void of_everySetting_becomesAnOption_andNoApiNameHidesInAnother() {
        for (Setting s : Setting.values()) {
            assertThat(CliTerms.of("check " + s.apiName()))
                    .as(s.name())
                    .isEqualTo("check " + RaglensCli.option(s))
                    .contains("--");
            for (Setting other : Setting.values()) {
                if (other != s) {
                    assertThat(other.apiName()).as(other + " within " + s).doesNotContain(s.apiName());
                }
            }
        }
    }

    @Test
    void of_messageWithoutRemedy_isUnchanged() {
        assertThat(CliTerms.of("cannot read docs/a.pdf")).isEqualTo("cannot read docs/a.pdf");
    }
}
