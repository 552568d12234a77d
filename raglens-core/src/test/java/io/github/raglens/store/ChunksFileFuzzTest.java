package io.github.raglens.store;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.StoreException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.ModelRecords;
import io.github.raglens.fuzz.Scratch;
import io.github.raglens.model.Chunk;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code chunks.jsonl}: the chunks written are the chunks read; a damaged file is refused in one line. */
class ChunksFileFuzzTest {

    @HostileInputTest
    void readsWhatItWroteAndRefusesDamage(FuzzedDataProvider data) {
        if (data.consumeBoolean()) {
            Path file = Scratch.file("chunks.jsonl", data.consumeRemainingAsBytes());
            HostileInput.readOrRefuse(StoreException.class, () -> ChunksFile.read(file));
            return;
        }
        List<Chunk> chunks = new ArrayList<>();
        for (int i = data.consumeInt(0, 5); i > 0; i--) {
            try {
                chunks.add(ModelRecords.chunk(data));
            } catch (IllegalArgumentException | NullPointerException refusedByTheRecord) {
                // the record's own validation, not the file's business
            }
        }
        Path file = Scratch.emptyFolder().resolve("chunks.jsonl");
        ChunksFile.write(file, chunks);
        List<Chunk> read = ChunksFile.read(file);
        if (!read.equals(chunks)) {
            throw new AssertionError(
                    "finding: chunks written were not read back;\n written: " + chunks + "\n read:    " + read);
        }
    }
}
