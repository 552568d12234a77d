package io.github.raglens.testdata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A BEIR-format dataset of three documents and two queries with their qrels (test split), for tests
 * of the BEIR stage and command: q1 asks for d1 (cats), q2 for d3 (birds).
 */
public final class TinyBeir {

    private TinyBeir() {}

    /** Writes the dataset into {@code parent/tiny} and returns that folder. */
    public static Path write(Path parent) {
        try {
            Path d = Files.createDirectories(parent.resolve("tiny"));
            Files.writeString(d.resolve("corpus.jsonl"), """
                    {"_id":"d1","title":"Cats","text":"Cats purr when they are content."}
                    {"_id":"d2","title":"Dogs","text":"Dogs bark at strangers."}
                    {"_id":"d3","title":"Birds","text":"Birds sing at dawn."}
                    """);
            Files.writeString(d.resolve("queries.jsonl"), """
                    {"_id":"q1","text":"why do cats purr"}
                    {"_id":"q2","text":"when do birds sing"}
                    """);
            Files.createDirectories(d.resolve("qrels"));
            Files.writeString(d.resolve("qrels/test.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td3\t1\n");
            return d;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
