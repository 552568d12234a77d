package io.github.raglens.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.StoreException;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChunksFileTest {

    @TempDir
    Path dir;

    private static Chunk chunk(String id, int order) {
        return new Chunk(id, "d", "s", null, "d > s", ChunkType.PARENT_SECTION, -1, order, "text\n" + id, 0, 5, 1, 1);
    }

    @Test
    void writeThenRead_givesTheChunksInOrder() {
        Path file = dir.resolve("chunks.jsonl");
        List<Chunk> chunks = List.of(chunk("a", 0), chunk("b", 1));
        ChunksFile.write(file, chunks);
        assertThat(ChunksFile.read(file)).isEqualTo(chunks);
        assertThat(dir.resolve("chunks.jsonl.tmp")).doesNotExist();
    }

    @Test
    void aLoneSurrogateInAText_isWrittenAndReadBack() {
        Path file = dir.resolve("chunks.jsonl");
        Chunk broken = new Chunk(
                "a", "d", "s", null, "d > s", ChunkType.PARENT_SECTION, -1, 0, "ab\uD800cd \uDC00", 0, 5, 1, 1);

        ChunksFile.write(file, List.of(broken, chunk("b", 1)));

        assertThat(ChunksFile.read(file)).containsExactly(broken, chunk("b", 1));
    }

    @Test
    void missingFile_namesTheCommandThatMakesIt() {
        Path file = dir.resolve("chunks.jsonl");
        assertThatThrownBy(() -> ChunksFile.read(file))
                .isInstanceOf(StoreException.class)
                .hasMessage("no chunks at " + file + "; call RagLens.ingest(docs) first");
    }

    @Test
    void corruptLine_isReportedWithItsNumber_inOneLine() throws Exception {
        Path file = dir.resolve("chunks.jsonl");
        ChunksFile.write(file, List.of(chunk("a", 0)));
        Files.writeString(file, "{oops\n", java.nio.file.StandardOpenOption.APPEND);
        assertThatThrownBy(() -> ChunksFile.read(file))
                .isInstanceOf(StoreException.class)
                .hasMessage(file + " line 2 is not a chunk (Unexpected character ('o' (code 111)): was expecting"
                        + " double-quote to start field name at line 1, column 2); call RagLens.ingest(docs) again"
                        + " to rewrite it");
    }

    @Test
    void notUtf8_isReportedInOneLine() throws Exception {
        Path file = Files.write(dir.resolve("chunks.jsonl"), new byte[] {'{', (byte) 0xc3, '\n'});
        assertThatThrownBy(() -> ChunksFile.read(file))
                .isInstanceOf(StoreException.class)
                .hasMessage(file + " is not UTF-8 text; call RagLens.ingest(docs) again to rewrite it");
    }
}
