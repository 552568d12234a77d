package io.github.raglens.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.error.ModelNotFoundException;
import io.github.raglens.error.ProviderException;
import io.github.raglens.model.EmbeddingPurpose;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OnnxEmbeddingsTest {

    private static final String[] WORDS = {
        "protein",
        "cell",
        "the",
        "of",
        "a",
        "tumour",
        "receptor",
        "increases",
        "expression",
        "in",
        "mice",
        "patients",
        "with",
        "3.5",
        "μg",
        "blood",
        "pressure",
        "and",
        "is",
        "not",
        "associated",
        "risk",
        "é"
    };

    @Tag("full-precision")
    @Test
    void bge_describesItself() {
        OnnxEmbeddings bge = Models.bge();
        assertThat(bge.modelName()).isEqualTo("bge-small-en-v1.5-q");
        assertThat(bge.dimension()).isEqualTo(384);
        assertThat(bge.maxTokens()).isEqualTo(512);
        assertThat(bge.toString())
                .startsWith("OnnxEmbeddings[model=bge-small-en-v1.5-q, dimension=384, pooling=CLS, maxTokens=512,");
        assertThat(Models.miniLm().modelName()).isEqualTo("all-minilm-l6-v2-q");
        assertThat(Models.miniLm().dimension()).isEqualTo(384);
        assertThat(Models.miniLm().maxTokens()).isEqualTo(256);
        assertThat(Models.bgeFp32().modelName()).isEqualTo("bge-small-en-v1.5");
        assertThat(Models.bgeFp32().dimension()).isEqualTo(384);
    }

    @Tag("full-precision")
    @Test
    void clsPooledModels_runTheGraphWhoseLastLayerComputesTheFirstTokenOnly() {
        assertThat(Models.bge().firstTokenOnly()).isTrue();
        assertThat(Models.bgeFp32().firstTokenOnly()).isTrue();
        assertThat(Models.miniLm().firstTokenOnly())
                .as("mean pooling reads every token")
                .isFalse();
    }

    @Test
    void bge_queryGetsTheInstruction_passageDoesNot() {
        OnnxEmbeddings bge = Models.bge();
        String q = "does aspirin prevent heart attacks?";
        float[] asQuery = bge.embed(List.of(q), EmbeddingPurpose.QUERY).get(0);
        float[] asPassage = bge.embed(List.of(q), EmbeddingPurpose.PASSAGE).get(0);
        float[] prefixedPassage = bge.embed(List.of(OnnxEmbeddings.BGE_QUERY_PREFIX + q), EmbeddingPurpose.PASSAGE)
                .get(0);
        assertThat(Models.cosine(asQuery, prefixedPassage)).isGreaterThan(0.99999);
        assertThat(Models.cosine(asQuery, asPassage)).isLessThan(0.99);
        assertThat(bge.embedQuery(q)).containsExactly(asQuery, within(1e-6f));
    }

    @Test
    void miniLm_queryAndPassage_areTheSame() {
        OnnxEmbeddings m = Models.miniLm();
        float[] a = m.embed(List.of("a query"), EmbeddingPurpose.QUERY).get(0);
        float[] b = m.embed(List.of("a query"), EmbeddingPurpose.PASSAGE).get(0);
        assertThat(a).containsExactly(b, within(1e-6f));
    }

    @Test
    void bge_ranksTheRelevantPassageFirst() {
        OnnxEmbeddings bge = Models.bge();
        List<float[]> passages = bge.embed(
                List.of(
                        "Aspirin irreversibly inhibits cyclooxygenase and lowers the risk of myocardial infarction.",
                        "The Eiffel Tower was completed in 1889 for the World's Fair in Paris.",
                        "Photosynthesis converts light energy into chemical energy stored in glucose."),
                EmbeddingPurpose.PASSAGE);
        float[] q = bge.embedQuery("does aspirin prevent heart attacks?");
        double[] scores =
                passages.stream().mapToDouble(p -> Models.cosine(q, p)).toArray();
        assertThat(scores[0]).isGreaterThan(scores[1] + 0.1).isGreaterThan(scores[2] + 0.1);
    }

    @Tag("full-precision")
    @ParameterizedTest
    @ValueSource(longs = {1L, 42L, 20261202L})
    void embed_randomTexts_unitLength_andIndependentOfBatchingAndPadding(long seed) {
        Random random = new Random(seed);
        System.out.println("seed " + seed);
        List<String> texts = new ArrayList<>();
        int n = 5 + random.nextInt(40);
        for (int i = 0; i < n; i++) {
            texts.add(randomText(random, random.nextInt(random.nextBoolean() ? 8 : 150)));
        }
        // float32 model: batches of up to 32 padded texts on two threads vs batches of up to 3 on one.
        List<float[]> together = Models.bgeFp32().embed(texts, EmbeddingPurpose.PASSAGE);
        List<float[]> apart = Models.bgeFp32SmallBatches().embed(texts, EmbeddingPurpose.PASSAGE);
        assertThat(together).hasSize(n);
        for (int i = 0; i < n; i++) {
            double norm = Math.sqrt(dot(together.get(i), together.get(i)));
            assertThat(norm).as("seed %d text %d norm", seed, i).isCloseTo(1.0, within(1e-5));
            assertThat(together.get(i)).as("seed %d text %d", seed, i).containsExactly(apart.get(i), within(1e-4f));
        }
    }

    @Test
    void quantisedModel_runsEachTextAlone_soBatchNeighboursDoNotMatter() {
        String text = "Aspirin lowers the risk of myocardial infarction.";
        String longNeighbour = randomText(new Random(3), 300);
        float[] alone =
                Models.bge().embed(List.of(text), EmbeddingPurpose.PASSAGE).get(0);
        float[] withNeighbour = Models.bge()
                .embed(List.of(longNeighbour, text), EmbeddingPurpose.PASSAGE)
                .get(1);
        assertThat(withNeighbour).containsExactly(alone, within(1e-6f));
    }

    @Test
    void embed_textOverMaxTokens_isEmbeddedWhole_asTheMeanOfItsWindows() {
        String head = randomText(new Random(7), 600);
        String longer = head + " " + randomText(new Random(8), 300);
        OnnxEmbeddings bge = Models.bge();
        assertThat(bge.exceedsMaxTokens(head)).isTrue();
        long before = bge.windowedTexts();
        List<float[]> v = bge.embed(List.of(head, longer, "short"), EmbeddingPurpose.PASSAGE);
        assertThat(bge.windowedTexts() - before).isEqualTo(2);
        assertThat(bge.truncatedTexts()).isZero();
        // The tail of the longer text is in its vector.
        assertThat(Models.cosine(v.get(0), v.get(1))).isLessThan(0.999);
        assertThat(dot(v.get(1), v.get(1))).isCloseTo(1.0, within(1e-5));
        bge.embed(List.of(head), EmbeddingPurpose.QUERY);
        assertThat(bge.windowedTexts() - before).isEqualTo(3);
    }

    @Test
    void embed_windows_areEqualParts_weightedByTheirTokens() {
        try (OnnxEmbeddings bge = OnnxEmbeddings.builder().maxTokens(8).build()) {
            // 13 words of one token each: 6 fit beside [CLS] and [SEP], so 3 windows of 4, 4 and 5.
            String text = "one two three four five six seven eight nine ten eleven twelve thirteen";
            assertThat(bge.tokenCount(text)).isEqualTo(15);
            List<float[]> parts = bge.embed(
                    List.of("one two three four", "five six seven eight", "nine ten eleven twelve thirteen"),
                    EmbeddingPurpose.PASSAGE);
            float[] whole = bge.embed(List.of(text), EmbeddingPurpose.PASSAGE).get(0);
            float[] expected = new float[whole.length];
            int[] weights = {4, 4, 5};
            for (int p = 0; p < 3; p++) {
                for (int d = 0; d < expected.length; d++) {
                    expected[d] += weights[p] * parts.get(p)[d];
                }
            }
            double norm = Math.sqrt(dot(expected, expected));
            for (int d = 0; d < expected.length; d++) {
                expected[d] /= (float) norm;
            }
            assertThat(whole).containsExactly(expected, within(1e-6f));
            assertThat(bge.windowedTexts()).isEqualTo(1);
        }
    }

    @Test
    void embed_truncateLongTexts_cutsThemAndCounts() {
        String head = randomText(new Random(7), 600);
        String longer = head + " " + randomText(new Random(8), 300);
        try (OnnxEmbeddings bge =
                OnnxEmbeddings.builder().truncateLongTexts(true).threads(1).build()) {
            List<float[]> v = bge.embed(List.of(head, longer, "short"), EmbeddingPurpose.PASSAGE);
            assertThat(bge.truncatedTexts()).isEqualTo(2);
            assertThat(bge.windowedTexts()).isZero();
            // Both are cut at the same token, so the tail of the longer one is never seen.
            assertThat(v.get(1)).containsExactly(v.get(0), within(1e-6f));
            bge.embed(List.of(head), EmbeddingPurpose.QUERY);
            assertThat(bge.truncatedTexts()).isEqualTo(3);
            assertThat(bge.toString()).contains("longTexts=truncated");
        }
    }

    @Tag("full-precision")
    @Test
    void vectorSettings_nameWhatShapesAPassagesVector_andTheGraphsDigest() {
        try (OnnxEmbeddings windowed = OnnxEmbeddings.builder().build();
                OnnxEmbeddings truncated =
                        OnnxEmbeddings.builder().truncateLongTexts(true).build();
                OnnxEmbeddings fp32 =
                        OnnxEmbeddings.builder().bgeSmallEnV15Fp32().build()) {
            assertThat(windowed.vectorSettings())
                    .matches(
                            "pooling=CLS passagePrefix=none maxTokens=512 longTexts=windowed graph=sha256:[0-9a-f]{64}");
            assertThat(truncated.vectorSettings())
                    .isEqualTo(windowed.vectorSettings().replace("longTexts=windowed", "longTexts=truncated"));
            assertThat(fp32.vectorSettings().replaceAll(".*graph=", ""))
                    .as("other weights")
                    .isNotEqualTo(windowed.vectorSettings().replaceAll(".*graph=", ""));
        }
    }

    @Test
    void embed_maxTokensOption_truncatesEarlier() {
        try (OnnxEmbeddings bge =
                OnnxEmbeddings.builder().maxTokens(8).truncateLongTexts(true).build()) {
            List<float[]> v = bge.embed(
                    List.of("one two three four five six", "one two three four five six seven eight nine"),
                    EmbeddingPurpose.PASSAGE);
            assertThat(bge.truncatedTexts()).isEqualTo(1);
            assertThat(Models.cosine(v.get(0), v.get(1))).isGreaterThan(0.99999);
        }
    }

    @Test
    void modelFiles_sameFilesAsBuiltIn_giveSameVectors(@TempDir Path dir) throws IOException {
        Path onnx = copyResource("all-minilm-l6-v2-q.onnx", dir);
        Path tok = copyResource("all-minilm-l6-v2-q-tokenizer.json", dir);
        List<String> texts = List.of("a user model", "loaded from two files on disk");
        try (OnnxEmbeddings mine =
                OnnxEmbeddings.builder().modelFiles(onnx, tok, Pooling.MEAN).build()) {
            assertThat(mine.modelName()).isEqualTo("all-minilm-l6-v2-q");
            assertThat(mine.dimension()).isEqualTo(384);
            List<float[]> a = mine.embed(texts, EmbeddingPurpose.PASSAGE);
            List<float[]> b = Models.miniLm().embed(texts, EmbeddingPurpose.PASSAGE);
            for (int i = 0; i < texts.size(); i++) {
                assertThat(a.get(i)).containsExactly(b.get(i), within(1e-6f));
            }
        }
        try (OnnxEmbeddings named = OnnxEmbeddings.builder()
                .modelFiles(onnx, tok, Pooling.CLS)
                .modelName("my-model")
                .queryPrefix("query: ")
                .build()) {
            assertThat(named.modelName()).isEqualTo("my-model");
            float[] q = named.embedQuery("x");
            float[] p =
                    named.embed(List.of("query: x"), EmbeddingPurpose.PASSAGE).get(0);
            assertThat(q).containsExactly(p, within(1e-6f));
        }
    }

    @Test
    void modelFiles_missingModel_saysWhichFile(@TempDir Path dir) throws IOException {
        Path tok = copyResource("all-minilm-l6-v2-q-tokenizer.json", dir);
        Path missing = dir.resolve("nope.onnx");
        assertThatThrownBy(() -> OnnxEmbeddings.builder()
                        .modelFiles(missing, tok, Pooling.MEAN)
                        .build())
                .isInstanceOf(ModelNotFoundException.class)
                .hasMessage("ONNX model file not found: '" + missing + "'; pass the path of an existing .onnx file");
    }

    @Test
    void modelFiles_missingTokenizer_saysWhichFile(@TempDir Path dir) throws IOException {
        Path onnx = copyResource("all-minilm-l6-v2-q.onnx", dir);
        Path missing = dir.resolve("tokenizer.json");
        assertThatThrownBy(() -> OnnxEmbeddings.builder()
                        .modelFiles(onnx, missing, Pooling.MEAN)
                        .build())
                .isInstanceOf(ModelNotFoundException.class)
                .hasMessage("tokenizer file not found: '" + missing
                        + "'; pass the tokenizer.json published with the model");
    }

    @Test
    void modelFiles_notAnOnnxModel_failsClearly(@TempDir Path dir) throws IOException {
        Path tok = copyResource("all-minilm-l6-v2-q-tokenizer.json", dir);
        Path bad = Files.writeString(dir.resolve("bad.onnx"), "not a model", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> OnnxEmbeddings.builder()
                        .modelFiles(bad, tok, Pooling.MEAN)
                        .build())
                .isInstanceOf(ProviderException.class)
                .hasMessageStartingWith("cannot load ONNX model '" + bad + "': ")
                .hasMessageEndingWith("; pass a valid .onnx file exported for ONNX Runtime");
    }

    @Test
    void modelFiles_badTokenizer_failsClearly(@TempDir Path dir) throws IOException {
        Path onnx = copyResource("all-minilm-l6-v2-q.onnx", dir);
        Path bad = Files.writeString(dir.resolve("tokenizer.json"), "{\"nope\": 1}", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> OnnxEmbeddings.builder()
                        .modelFiles(onnx, bad, Pooling.MEAN)
                        .build())
                .isInstanceOf(ProviderException.class)
                .hasMessageStartingWith("cannot load the tokenizer of model 'all-minilm-l6-v2-q': ")
                .hasMessageEndingWith("; pass the tokenizer.json published with the model");
    }

    @Test
    void missingModelJar_namesTheDependency() {
        ModelSource.Classpath absent =
                new ModelSource.Classpath("absent.onnx", "absent.json", "com.example:carrier:1.0");
        assertThatThrownBy(() -> absent.check("absent"))
                .isInstanceOf(ModelNotFoundException.class)
                .hasMessage("model file 'absent.onnx' not found on the classpath; add the Maven dependency"
                        + " com.example:carrier:1.0 (it carries the model)");
    }

    @Test
    void embed_nullElement_isRejectedWithItsIndex() {
        List<String> texts = Arrays.asList("fine", null);
        assertThatThrownBy(() -> Models.bge().embed(texts, EmbeddingPurpose.PASSAGE))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("texts[1] is null");
    }

    @Test
    void closed_instance_refusesWork_andCloseIsIdempotent() {
        OnnxEmbeddings m = OnnxEmbeddings.builder().allMiniLmL6V2().build();
        m.close();
        m.close();
        assertThatThrownBy(() -> m.embed(List.of("x"), EmbeddingPurpose.PASSAGE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("OnnxEmbeddings for 'all-minilm-l6-v2-q' is closed");
    }

    @Test
    void aModelChosenAfterAnOption_keepsTheOption_insteadOfResettingItToTheModels() {
        try (OnnxEmbeddings m = OnnxEmbeddings.builder()
                .maxTokens(64)
                .allMiniLmL6V2()
                .threads(1)
                .build()) {
            assertThat(m.toString()).contains("model=all-minilm-l6-v2-q", "maxTokens=64");
        }
    }

    @Test
    void builder_refusesAnOptionOrAModelSetTwice_asTheFirstWouldSilentlyLose() {
        assertThatThrownBy(() -> OnnxEmbeddings.builder().maxTokens(300).maxTokens(128))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("maxTokens was already set to 300; set it once");
        assertThatThrownBy(() ->
                        OnnxEmbeddings.builder().graphCache(Path.of("cache")).noGraphCache())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("graphCache was already set to cache; set it once");
        assertThatThrownBy(() -> OnnxEmbeddings.builder().allMiniLmL6V2().bgeSmallEnV15())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the model was already chosen (all-minilm-l6-v2-q); choose one model per builder");
    }

    @Test
    void builder_rejectsBadValues() {
        OnnxEmbeddings.Builder b = OnnxEmbeddings.builder();
        assertThatThrownBy(() -> b.batchSize(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("batchSize must be at least 1, got 0");
        assertThatThrownBy(() -> b.threads(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("threads must be at least 1, got 0");
        assertThatThrownBy(() -> b.maxTokens(1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxTokens must be at least 2, got 1");
        assertThatThrownBy(() -> b.batchTokens(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("batchTokens must be at least 1, got 0");
        assertThatThrownBy(() -> b.modelName(" "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("modelName must not be blank");
        assertThatThrownBy(() -> b.queryPrefix(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("queryPrefix");
    }

    private static String randomText(Random random, int words) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < words; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return sb.toString();
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (double) a[i] * b[i];
        }
        return s;
    }

    private static Path copyResource(String name, Path dir) throws IOException {
        Path target = dir.resolve(name);
        try (InputStream in = OnnxEmbeddingsTest.class.getClassLoader().getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            Files.copy(in, target);
        }
        return target;
    }
}
