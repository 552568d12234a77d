package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.Document;
import io.github.raglens.spi.Chunker;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What every {@link Chunker} promises; a chunker's test implements this interface. */
public interface ChunkerContract {

    /** The chunker under test. */
    Chunker chunker();

    /** Documents to chunk, with text. */
    List<Document> documents();

    /** Chunking a document twice gives equal chunks. */
    @Test
    default void chunk_isDeterministic() {
        for (Document d : documents()) {
            assertThat(chunker().chunk(d)).isEqualTo(chunker().chunk(d));
        }
    }

    /** Every document gives chunks with unique ids, non-blank text, its own document id and orders 0, 1, 2 …. */
    @Test
    default void chunk_idsAreUnique_textsNonEmpty_orderSequential() {
        for (Document d : documents()) {
            List<Chunk> chunks = chunker().chunk(d);
            assertThat(chunks).as("chunks of %s", d.id()).isNotEmpty();
            Set<String> ids = new HashSet<>();
            for (int i = 0; i < chunks.size(); i++) {
                Chunk c = chunks.get(i);
                assertThat(ids.add(c.id())).as("duplicate id %s", c.id()).isTrue();
                assertThat(c.text()).as("text of %s", c.id()).isNotBlank();
                assertThat(c.order()).isEqualTo(i);
                assertThat(c.documentId()).isEqualTo(d.id());
            }
        }
    }
}
