package io.github.raglens.facade.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.StoreException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.Scratch;
import java.nio.file.Path;

/** A workspace's {@code manifest.json}: read and asked about every stage, or refused in one line. */
class ManifestFuzzTest {

    @HostileInputTest
    void readsOrRefuses(FuzzedDataProvider data) {
        Path file = Scratch.file("manifest.json", data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(StoreException.class, () -> {
            Manifest manifest = Manifest.load(file);
            for (Stage stage : Stage.values()) {
                manifest.isCurrent(stage, "configuration");
            }
            manifest.complete(Stage.values()[0], "configuration", "fuzz");
            return Manifest.load(file);
        });
    }
}
