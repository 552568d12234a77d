package io.github.raglens.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15.BgeSmallEnV15EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import io.github.raglens.model.EmbeddingPurpose;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Our vectors against LangChain4j's own in-process model classes for the same ONNX files (a
 * reference implementation we do not share code with). LangChain4j embeds each text alone and never
 * adds BGE's query instruction, so passages are compared as they are and queries as
 * {@code instruction + query} on the LangChain4j side. Texts are kept under each side's token limit,
 * where the two differ on purpose (LangChain4j averages 510-token windows; we truncate).
 */
class GoldenVectorsTest {

    private static final double MIN_COSINE = 0.999;

    /** LangChain4j's quantised models, each loaded once for the class as {@link Models} loads ours. */
    private static EmbeddingModel theirBge;

    private static EmbeddingModel theirMiniLm;

    private static synchronized EmbeddingModel theirBge() {
        if (theirBge == null) {
            theirBge = new BgeSmallEnV15QuantizedEmbeddingModel();
        }
        return theirBge;
    }

    private static synchronized EmbeddingModel theirMiniLm() {
        if (theirMiniLm == null) {
            theirMiniLm = new AllMiniLmL6V2QuantizedEmbeddingModel();
        }
        return theirMiniLm;
    }

    /** Texts under 510 tokens: above that LangChain4j averages windows, which we deliberately do not. */
    static final List<String> TEXTS = List.of(
            "Hello world",
            "The quick brown fox jumps over the lazy dog.",
            "A",
            "",
            "Retrieval-augmented generation grounds a language model's answer in passages retrieved from a corpus.",
            "Tumour necrosis factor-α (TNF-α) increases IL-6 secretion by 3.5-fold (p < 0.01) in vitro.",
            "Straße, café, naïve — Unicode text with diacritics 日本語 and emoji 🙂 must tokenize the same way.",
            "Table 2: | model | nDCG@10 | Recall@100 |\n|---|---|---|\n| BM25 | 0.665 | 0.908 |",
            "function f(x) { return x * x + 1; } // code is text too",
            "   leading and trailing whitespace   ",
            "In 2019, 42 patients (18 women) received 5 mg/kg of the drug twice daily for 12 weeks; ".repeat(8));

    @Test
    void bgeSmallEnV15_passages_matchLangChain4j() throws Exception {
        assertMatches(Models.bge(), theirBge(), texts(), "");
    }

    @Tag("full-precision")
    @Test
    void bgeSmallEnV15Fp32_batchedPassages_matchLangChain4j() throws Exception {
        assertMatches(Models.bgeFp32(), new BgeSmallEnV15EmbeddingModel(), texts(), "");
    }

    @Test
    void bgeSmallEnV15_queries_matchLangChain4jGivenTheInstructionPrefix() throws Exception {
        List<String> queries =
                List.of("what lowers blood pressure?", "0-dimensional biomaterials show inductive properties.", "BM25");
        assertMatches(Models.bge(), theirBge(), queries, OnnxEmbeddings.BGE_QUERY_PREFIX);
    }

    @Test
    void allMiniLmL6V2_passagesAndQueries_matchLangChain4j() throws Exception {
        // LangChain4j's MiniLM follows the 128-token truncation written in its tokenizer.json; ours
        // embeds up to 256 (the model's documented limit), so only texts of at most 128 tokens compare.
        List<String> texts = texts().stream()
                .filter(t -> Models.miniLm().tokenCount(t) <= 128)
                .toList();
        assertThat(texts).hasSizeGreaterThan(TEXTS.size() / 2);
        assertMatches(Models.miniLm(), theirMiniLm(), texts, "");
        OnnxEmbeddings ours = Models.miniLm();
        List<float[]> q = ours.embed(List.of("what lowers blood pressure?"), EmbeddingPurpose.QUERY);
        float[] theirs =
                theirMiniLm().embed("what lowers blood pressure?").content().vector();
        assertThat(Models.cosine(q.get(0), theirs)).isGreaterThanOrEqualTo(MIN_COSINE);
    }

    /** Fixed texts plus, when the shared data is present, the first 40 SciFact abstracts. */
    private static List<String> texts() throws Exception {
        List<String> texts = new ArrayList<>(TEXTS);
        Path corpus =
                Path.of(System.getProperty("raglens.sharedData", "../../shared/data"), "beir-scifact/corpus.jsonl");
        if (!Files.exists(corpus)) {
            System.out.println("shared data absent at " + corpus + ": golden test on the fixed texts only");
            return texts;
        }
        ObjectMapper mapper = new ObjectMapper();
        try (BufferedReader r = Files.newBufferedReader(corpus, StandardCharsets.UTF_8)) {
            String line;
            while ((line = r.readLine()) != null && texts.size() < TEXTS.size() + 40) {
                JsonNode doc = mapper.readTree(line);
                String text = doc.get("title").asText() + " " + doc.get("text").asText();
                // LangChain4j averages windows above 510 tokens; compare only what both embed whole.
                if (!Models.bge().exceedsMaxTokens(text)) {
                    texts.add(text);
                }
            }
        }
        return texts;
    }

    private static void assertMatches(OnnxEmbeddings ours, EmbeddingModel theirs, List<String> texts, String prefix) {
        boolean query = !prefix.isEmpty();
        List<float[]> got = ours.embed(texts, query ? EmbeddingPurpose.QUERY : EmbeddingPurpose.PASSAGE);
        double worst = 1;
        for (int i = 0; i < texts.size(); i++) {
            String text = prefix + texts.get(i);
            if (text.isBlank()) {
                continue; // LangChain4j refuses blank text; ours embeds [CLS][SEP]
            }
            float[] expected = theirs.embed(text).content().vector();
            double cos = Models.cosine(got.get(i), expected);
            worst = Math.min(worst, cos);
            assertThat(cos)
                    .as("cosine for text %d %s", i, text.substring(0, Math.min(60, text.length())))
                    .isGreaterThanOrEqualTo(MIN_COSINE);
        }
        System.out.printf("%s: %d texts, worst cosine %.6f%n", ours.modelName(), texts.size(), worst);
    }
}
