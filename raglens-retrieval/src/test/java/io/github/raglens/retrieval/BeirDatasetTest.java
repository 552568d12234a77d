package io.github.raglens.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BeirDatasetTest {

    @TempDir
    Path dir;

    private void write(String corpus, String queries, String qrels) throws Exception {
        Files.writeString(dir.resolve("corpus.jsonl"), corpus);
        Files.writeString(dir.resolve("queries.jsonl"), queries);
        Files.createDirectories(dir.resolve("qrels"));
        Files.writeString(dir.resolve("qrels/test.tsv"), qrels);
    }

    @Test
    void load_joinsTitleAndText_keepsOnlyJudgedQueries() throws Exception {
        write(
                "{\"_id\":\"d1\",\"title\":\"Cats\",\"text\":\"Cats purr.\"}\n{\"_id\":\"d2\",\"text\":\"Dogs bark.\"}\n",
                "{\"_id\":\"q1\",\"text\":\"do cats purr\"}\n{\"_id\":\"q2\",\"text\":\"unjudged\"}\n",
                "query-id\tcorpus-id\tscore\r\nq1\td1\t1\r\n");
        BeirDataset ds = BeirDataset.load(dir);
        assertThat(ds.corpus()).extracting(c -> c.text()).containsExactly("Cats Cats purr.", "Dogs bark.");
        assertThat(ds.corpus().get(0).id()).isEqualTo("d1");
        assertThat(ds.queries()).isEqualTo(Map.of("q1", "do cats purr"));
        assertThat(ds.qrels()).isEqualTo(Map.of("q1", Map.of("d1", 1)));
    }

    @Test
    void load_missingQrels_namesTheFile() throws Exception {
        Files.writeString(dir.resolve("corpus.jsonl"), "");
        Files.writeString(dir.resolve("queries.jsonl"), "");
        Path qrels = dir.resolve("qrels").resolve("test.tsv");
        assertThatThrownBy(() -> BeirDataset.load(dir))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + qrels + ": file not found; a BEIR dataset folder holds corpus.jsonl,"
                        + " queries.jsonl and qrels/test.tsv");
    }

    @Test
    void load_badJsonLine_namesFileAndLine() throws Exception {
        write("{\"_id\":\"d1\",\"text\":\"a\"}\n{oops\n", "", "q1\td1\t1\n");
        assertThatThrownBy(() -> BeirDataset.load(dir))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + dir.resolve("corpus.jsonl")
                        + ": line 2 is not valid JSON; fix or remove the line");
    }

    @Test
    void load_queryOfQrelsMissing_isReported() throws Exception {
        write("{\"_id\":\"d1\",\"text\":\"a\"}\n", "{\"_id\":\"q9\",\"text\":\"x\"}\n", "q1\td1\t1\n");
        assertThatThrownBy(() -> BeirDataset.load(dir))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + dir.resolve("qrels/test.tsv") + ": query 'q1' is not in "
                        + dir.resolve("queries.jsonl") + "; use the queries file of the same dataset");
    }
}
