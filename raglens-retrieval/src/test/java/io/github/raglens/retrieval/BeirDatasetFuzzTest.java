package io.github.raglens.retrieval;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.Scratch;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A BEIR dataset folder, one of its files fuzzed (the corpus, plain or gzipped, the queries or the
 * qrels) and the others valid: loaded, or refused in one line.
 */
class BeirDatasetFuzzTest {

    private static final String CORPUS = "{\"_id\":\"d1\",\"title\":\"T\",\"text\":\"one\"}\n"
            + "{\"_id\":\"d2\",\"title\":\"\",\"text\":\"two\"}\n";
    private static final String QUERIES = "{\"_id\":\"q1\",\"text\":\"which one?\"}\n";
    private static final String QRELS = "query-id\tcorpus-id\tscore\nq1\td1\t1\n";

    @HostileInputTest
    void loadsOrRefuses(FuzzedDataProvider data) {
        String fuzzed = data.pickValue(new String[] {"corpus.jsonl", "corpus.jsonl.gz", "queries.jsonl", "qrels"});
        Path folder = Scratch.emptyFolder().resolve("dataset");
        if (!fuzzed.startsWith("corpus")) {
            write(folder.resolve("corpus.jsonl"), CORPUS);
        }
        if (!fuzzed.equals("queries.jsonl")) {
            write(folder.resolve("queries.jsonl"), QUERIES);
        }
        if (!fuzzed.equals("qrels")) {
            write(folder.resolve("qrels/test.tsv"), QRELS);
        }
        Path file = fuzzed.equals("qrels") ? folder.resolve("qrels/test.tsv") : folder.resolve(fuzzed);
        Scratch.write(file, data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(ParseException.class, () -> BeirDataset.load(folder));
    }

    private static void write(Path file, String text) {
        Scratch.write(file, text.getBytes(StandardCharsets.UTF_8));
    }
}
