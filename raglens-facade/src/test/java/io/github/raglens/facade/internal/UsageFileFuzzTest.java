package io.github.raglens.facade.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.StoreException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.Scratch;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.usage.UsageLedger;
import java.nio.file.Path;

/** {@code usage.json}: read, and added to by a stage that counted one call, or refused in one line. */
class UsageFileFuzzTest {

    @HostileInputTest
    void readsAndAddsOrRefuses(FuzzedDataProvider data) {
        Path file = Scratch.file("usage.json", data.consumeRemainingAsBytes());
        UsageLedger ledger = new UsageLedger();
        ledger.record("questions", "fuzz-model", new TokenUsage(3, 4));
        HostileInput.readOrRefuse(StoreException.class, () -> {
            new UsageFile(file).save(ledger);
            return UsageFile.read(file);
        });
    }
}
