package io.github.raglens.springai;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.retrieval.search.VectorStoreDocumentRetriever;
import org.springframework.ai.vectorstore.SearchRequest;

class VectorStoreRetrieverTest {

    private final SampleStore sample = SampleStore.get();
    private final Retriever retriever = SpringAi.retriever("spring-store", sample.store);

    @Test
    void retrieve_carriesTheStoresDocumentsFieldByField() {
        QuestionSample q = sample.questions.get(0);
        List<Document> direct = sample.store.similaritySearch(SearchRequest.builder()
                .query(q.question())
                .topK(5)
                .similarityThresholdAll()
                .build());

        RetrievalResult result = retriever.retrieve(q.question(), 5);

        assertThat(result.retriever()).isEqualTo("spring-store");
        assertThat(result.hits()).hasSize(5);
        for (int i = 0; i < 5; i++) {
            RetrievedChunk hit = result.hits().get(i);
            Document document = direct.get(i);
            Chunk ours = sample.chunk(document.getId());
            assertThat(hit.rank()).isEqualTo(i + 1);
            assertThat(hit.chunk().id()).isEqualTo(ours.id());
            assertThat(hit.score()).isEqualTo(document.getScore());
            assertThat(hit.chunk().text()).isEqualTo(ours.text());
            assertThat(hit.chunk().documentId()).isEqualTo(ours.documentId() + ".pdf");
            assertThat(hit.chunk().pageStart()).isEqualTo(ours.pageStart());
        }
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
    void embeddingModel_embedsSearchQueriesAsQueries_andDocumentsAsPassages() {
        String text = "How much power does a tidal barrage produce?";
        assertThat(sample.embeddingModel.embed(text)).isEqualTo(sample.bge.embedQuery(text));
        float[] passage =
                sample.bge.embed(List.of(text), EmbeddingPurpose.PASSAGE).get(0);
        assertThat(sample.embeddingModel.embed(new Document(text))).isEqualTo(passage);
        assertThat(sample.embeddingModel.embed(List.of(text)).get(0)).isEqualTo(passage);
        assertThat(passage).isNotEqualTo(sample.bge.embedQuery(text));
        assertThat(sample.embeddingModel.dimensions()).isEqualTo(384);
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
    class DocumentRetrieverContract implements RetrieverContract {
        private final Retriever documentRetriever = SpringAi.retriever(
                "spring-documents",
                VectorStoreDocumentRetriever.builder()
                        .vectorStore(sample.store)
                        .topK(20)
                        .build());

        @Override
        public Retriever retriever() {
            return documentRetriever;
        }

        @Override
        public List<String> queries() {
            return sample.questions.stream()
                    .limit(4)
                    .map(QuestionSample::question)
                    .toList();
        }

        @Test
        void retrieve_ranksLikeTheStoreRetriever() {
            String q = sample.questions.get(1).question();
            RetrievalResult viaDocuments = documentRetriever.retrieve(q, 5);
            RetrievalResult viaStore = VectorStoreRetrieverTest.this.retriever.retrieve(q, 5);
            assertThat(viaDocuments.chunkIds()).isEqualTo(viaStore.chunkIds());
        }
    }
}
