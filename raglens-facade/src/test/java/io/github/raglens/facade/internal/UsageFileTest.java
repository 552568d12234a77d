package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.StoreException;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.usage.UsageLedger;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UsageFileTest {

    @TempDir
    Path dir;

    @Test
    void usage_isSummedPerStageAndModel_andAddedToTheFileOnEverySave_once() {
        Path file = dir.resolve("usage.json");
        UsageFile usage = new UsageFile(file);
        UsageLedger ledger = UsageLedger.builder()
                .price("openai/gpt-4o-mini", TokenPrice.of(0.15, 0.60))
                .build();
        ledger.record("judge", "openai/gpt-4o-mini", new TokenUsage(1_000_000, 500_000));
        ledger.record("judge", "openai/gpt-4o-mini", new TokenUsage(1_000_000, 500_000));
        usage.save(ledger);
        usage.save(ledger); // nothing new: nothing added
        ledger.record("judge", "openai/gpt-4o-mini", new TokenUsage(10, 5));
        usage.save(ledger);
        UsageLedger nextRun = new UsageLedger();
        nextRun.record("answers", "custom/unpriced", new TokenUsage(7, 3));
        new UsageFile(file).save(nextRun);

        assertThat(UsageFile.read(file)).hasSize(2);
        assertThat(UsageFile.read(file).get(0)).satisfies(r -> {
            assertThat(r.stage()).isEqualTo("answers");
            assertThat(r.costUsd()).as("unknown price, saved at no cost").isZero();
        });
        assertThat(UsageFile.read(file).get(1)).satisfies(r -> {
            assertThat(r.stage()).isEqualTo("judge");
            assertThat(r.model()).isEqualTo("openai/gpt-4o-mini");
            assertThat(r.calls()).isEqualTo(3);
            assertThat(r.promptTokens()).isEqualTo(2_000_010);
            assertThat(r.completionTokens()).isEqualTo(1_000_005);
            assertThat(r.costUsd()).isCloseTo(0.30 + 0.60, Offset.offset(1e-4));
        });
        assertThat(UsageFile.read(dir.resolve("absent.json"))).isEmpty();
    }

    @Test
    void read_aFileThatIsNotUsage_saysSoAndHowToStartAgain() throws Exception {
        Path file = Files.writeString(dir.resolve("usage.json"), "{not json");
        assertThatThrownBy(() -> UsageFile.read(file))
                .isInstanceOf(StoreException.class)
                .hasMessage(file + " is not a usage file (Cannot deserialize value of type"
                        + " `java.util.ArrayList<io.github.raglens.facade.internal.ReportModel$UsageRow>` from Object value (token"
                        + " `JsonToken.START_OBJECT`… at line 1, column 1); delete it to start counting again");
    }

    @Test
    void read_aRowWithoutItsStageOrModel_orNoRows_saysWhichRow() throws Exception {
        Path noStage = Files.writeString(
                dir.resolve("usage.json"), "[{\"stage\":\"answers\",\"model\":\"m\",\"calls\":1},{\"model\":\"m\"}]");
        Path nothing = Files.writeString(dir.resolve("null.json"), "null");

        assertThatThrownBy(() -> UsageFile.read(noStage))
                .isInstanceOf(StoreException.class)
                .hasMessage(noStage + " is not a usage file (row 2 has no stage or no model); delete it to start"
                        + " counting again");
        assertThatThrownBy(() -> UsageFile.read(nothing))
                .isInstanceOf(StoreException.class)
                .hasMessage(nothing + " is not a usage file (it holds no list of rows); delete it to start counting"
                        + " again");
    }
}
