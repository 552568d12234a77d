package io.github.raglens.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.retriever.EmbeddingStoreContentRetriever;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import io.github.raglens.error.RagLensException;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.RetrieverContract;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class EmbeddingStoreRetrieverTest {

    private final SampleStore sample = SampleStore.get();
    private final Retriever retriever = LangChain4j.retriever("lc4j-store", sample.store, sample.embeddingModel);

    @Test
    void retrieve_carriesTheStoresMatchesFieldByField() {
        QuestionSample q = sample.questions.get(0);
        Embedding query = Embedding.from(sample.bge.embedQuery(q.question()));
        List<EmbeddingMatch<TextSegment>> direct = sample.store
                .search(EmbeddingSearchRequest.builder()
                        .queryEmbedding(query)
                        .maxResults(5)
                        .build())
                .matches();

        RetrievalResult result = retriever.retrieve(q.question(), 5);

        assertThat(result.retriever()).isEqualTo("lc4j-store");
        assertThat(result.query()).isEqualTo(q.question());
        assertThat(result.hits()).hasSize(5);
        for (int i = 0; i < 5; i++) {
            RetrievedChunk hit = result.hits().get(i);
            EmbeddingMatch<TextSegment> match = direct.get(i);
            Chunk ours = sample.chunk(match.embeddingId());
            assertThat(hit.rank()).isEqualTo(i + 1);
            assertThat(hit.chunk().id()).isEqualTo(ours.id());
            assertThat(hit.score()).isEqualTo(match.score());
            assertThat(hit.chunk().text()).isEqualTo(ours.text());
            assertThat(hit.chunk().documentId()).isEqualTo(ours.documentId() + ".pdf");
            assertThat(hit.chunk().pageStart()).isEqualTo(ours.pageStart());
        }
        assertThat(result.latencyNanos()).isPositive();
    }

    @Test
    void retrieve_findsTheEvidenceOfMostSampleQuestions() {
        long found = sample.questions.stream()
                .filter(q -> retriever.retrieve(q.question(), 5).hits().stream()
                        .anyMatch(h -> h.chunk().text().contains(q.evidence())))
                .count();
        assertThat(found).as("questions whose evidence is in the top 5").isGreaterThan(sample.questions.size() / 2L);
    }

    @Test
    void embeddingModel_embedsQueriesAsQueries_andSegmentsAsPassages() {
        String text = "How much power does a tidal barrage produce?";
        float[] asQuery = sample.embeddingModel.embed(text).content().vector();
        float[] asPassage = sample.embeddingModel
                .embedAll(List.of(TextSegment.from(text)))
                .content()
                .get(0)
                .vector();
        assertThat(asQuery).isEqualTo(sample.bge.embedQuery(text));
        assertThat(asPassage)
                .isEqualTo(sample.bge
                        .embed(List.of(text), EmbeddingPurpose.PASSAGE)
                        .get(0));
        assertThat(asQuery).isNotEqualTo(asPassage);
        assertThat(sample.embeddingModel.dimension()).isEqualTo(384);
        assertThat(sample.embeddingModel.modelName()).isEqualTo(sample.bge.modelName());
    }

    @Test
    void retrieve_matchWithoutItsSegment_isAClearError() {
        InMemoryEmbeddingStore<TextSegment> bare = new InMemoryEmbeddingStore<>();
        bare.add("e1", Embedding.from(sample.bge.embedQuery("tides")));
        Retriever onBare = LangChain4j.retriever("bare", bare, sample.embeddingModel);

        assertThatThrownBy(() -> onBare.retrieve("tides", 3))
                .isInstanceOf(RagLensException.class)
                .hasMessage("the embedding store of retriever 'bare' returned match e1 without its text segment;"
                        + " raglens grades the retrieved texts, so add the segments together with their embeddings"
                        + " (store.add(embedding, segment))");
    }

    @Test
    void names_blankIsRejected() {
        assertThatThrownBy(() -> LangChain4j.retriever(" ", sample.store, sample.embeddingModel))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("name must not be blank; it names the rows of the report");
    }

    @Nested
    class StoreContract implements RetrieverContract {
        @Override
        public Retriever retriever() {
            return retriever;
        }

        @Override
        public List<String> queries() {
            return sample.questions.stream()
                    .limit(4)
                    .map(QuestionSample::question)
                    .toList();
        }
    }

    @Nested
    class ContentRetrieverContract implements RetrieverContract {
        private final Retriever contentRetriever = LangChain4j.retriever(
                "lc4j-content",
                EmbeddingStoreContentRetriever.builder()
                        .embeddingStore(sample.store)
                        .embeddingModel(sample.embeddingModel)
                        .maxResults(20)
                        .build());

        @Override
        public Retriever retriever() {
            return contentRetriever;
        }

        @Override
        public List<String> queries() {
            return sample.questions.stream()
                    .limit(4)
                    .map(QuestionSample::question)
                    .toList();
        }

        @Test
        void retrieve_ranksLikeTheStoreRetriever_withIdsAndScores() {
            String q = sample.questions.get(1).question();
            RetrievalResult viaContent = contentRetriever.retrieve(q, 5);
            RetrievalResult viaStore = EmbeddingStoreRetrieverTest.this.retriever.retrieve(q, 5);
            assertThat(viaContent.chunkIds()).isEqualTo(viaStore.chunkIds());
            assertThat(viaContent.hits().stream().map(RetrievedChunk::score).toList())
                    .isEqualTo(
                            viaStore.hits().stream().map(RetrievedChunk::score).toList());
        }
    }
}
