package io.github.raglens.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClosedSetsTest {

    @Test
    void relevance_parsesEveryLabel_ignoringCase_andNamesTheModesOfAnUnknownOne() {
        for (Relevance r : Relevance.values()) {
            assertThat(Relevance.parse(r.label())).isEqualTo(r);
            assertThat(r).hasToString(r.label());
        }
        assertThat(Relevance.parse("Evidence")).isEqualTo(Relevance.EVIDENCE);
        assertThatThrownBy(() -> Relevance.parse("page"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown relevance 'page'; use chunk, section, evidence, document or judged");
    }

    @Test
    void relevance_needsTheSourceChunk_onlyForChunkAndSection() {
        assertThat(Relevance.values())
                .filteredOn(Relevance::needsSourceChunk)
                .containsExactly(Relevance.CHUNK, Relevance.SECTION);
    }

    @Test
    void judgeMetric_parsesEveryLabel_andNamesTheMetricsOfAnUnknownOne() {
        for (JudgeMetric m : JudgeMetric.values()) {
            assertThat(JudgeMetric.parse(m.label())).isEqualTo(m);
            assertThat(m).hasToString(m.label());
        }
        assertThatThrownBy(() -> JudgeMetric.parse("faithfullness"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown metric 'faithfullness'; use faithfulness, factual_correctness,"
                        + " context_precision, context_recall, response_relevancy, nuggets, nuggets_strict_vital,"
                        + " nuggets_all, nuggets_strict_all, string_context_precision, string_context_recall,"
                        + " rouge_l, bleu, exact_match or substring_match");
    }

    @Test
    void judgeMetric_defaultsAreTheFourHeadlineJudgeMetrics_andOnlyTheLlmOnesUseTheJudge() {
        assertThat(JudgeMetric.defaults())
                .containsExactly(
                        JudgeMetric.FAITHFULNESS,
                        JudgeMetric.FACTUAL_CORRECTNESS,
                        JudgeMetric.CONTEXT_PRECISION,
                        JudgeMetric.CONTEXT_RECALL);
        assertThat(JudgeMetric.values())
                .filteredOn(JudgeMetric::usesJudge)
                .containsExactly(
                        JudgeMetric.FAITHFULNESS,
                        JudgeMetric.FACTUAL_CORRECTNESS,
                        JudgeMetric.CONTEXT_PRECISION,
                        JudgeMetric.CONTEXT_RECALL,
                        JudgeMetric.RESPONSE_RELEVANCY,
                        JudgeMetric.NUGGETS,
                        JudgeMetric.NUGGETS_STRICT_VITAL,
                        JudgeMetric.NUGGETS_ALL,
                        JudgeMetric.NUGGETS_STRICT_ALL);
    }

    @Test
    void retrieverKind_parsesEveryLabel_andNamesTheKindsOfAnUnknownOne() {
        for (RetrieverKind k : RetrieverKind.values()) {
            assertThat(RetrieverKind.parse(k.label())).isEqualTo(k);
            assertThat(k).hasToString(k.label());
        }
        assertThatThrownBy(() -> RetrieverKind.parse("colbert"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown retriever 'colbert'; use bm25, dense, hybrid, hybrid-rrf, hierarchical,"
                        + " hier-neighbor or neighbor");
    }

    @Test
    void retrieverKind_onlyVectorRankersNeedEmbeddings_andAllButBm25UseThemWhenGiven() {
        assertThat(RetrieverKind.values())
                .filteredOn(RetrieverKind::needsEmbeddings)
                .containsExactly(RetrieverKind.DENSE, RetrieverKind.HYBRID, RetrieverKind.HYBRID_RRF);
        assertThat(RetrieverKind.values()).filteredOn(k -> !k.usesEmbeddings()).containsExactly(RetrieverKind.BM25);
        assertThat(RetrieverKind.defaults())
                .containsExactly(
                        RetrieverKind.BM25,
                        RetrieverKind.DENSE,
                        RetrieverKind.HYBRID,
                        RetrieverKind.HIERARCHICAL,
                        RetrieverKind.HIER_NEIGHBOR);
    }

    @Test
    void providerKind_parsesEveryLabel_ignoringCase_andNamesTheProvidersOfAnUnknownOne() {
        for (ProviderKind p : ProviderKind.values()) {
            assertThat(ProviderKind.parse(p.label())).isEqualTo(p);
            assertThat(p).hasToString(p.label());
        }
        assertThat(ProviderKind.parse("OpenAI")).isEqualTo(ProviderKind.OPENAI);
        assertThatThrownBy(() -> ProviderKind.parse("anthropic"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown provider 'anthropic'; use onnx, ollama, openai or groq");
    }

    @Test
    void providerKind_saysWhatEachServes_andItsDefaultModels() {
        assertThat(ProviderKind.OLLAMA.defaultChatModel()).isEqualTo("llama3.2");
        assertThat(ProviderKind.OPENAI.defaultChatModel()).isEqualTo("gpt-4o-mini");
        assertThat(ProviderKind.GROQ.defaultChatModel()).isEqualTo("llama-3.1-8b-instant");
        assertThat(ProviderKind.ONNX.defaultEmbeddingModel()).isEqualTo("bge-small-en-v1.5");
        assertThat(ProviderKind.OLLAMA.defaultEmbeddingModel()).isEqualTo("nomic-embed-text");
        assertThat(ProviderKind.OPENAI.defaultEmbeddingModel()).isEqualTo("text-embedding-3-small");
        assertThatThrownBy(ProviderKind.ONNX::defaultChatModel)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("provider 'onnx' has no chat models; choose ollama, openai or groq");
        assertThatThrownBy(ProviderKind.GROQ::defaultEmbeddingModel)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no embedding model for provider 'groq'; choose onnx, ollama or openai");
    }
}
