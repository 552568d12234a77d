package io.github.raglens.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.RagLensException;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.wire.OpenAiReplies;
import java.io.IOException;
import java.util.List;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;
import org.springframework.ai.rag.retrieval.search.VectorStoreDocumentRetriever;
import org.springframework.ai.vectorstore.SearchRequest;

class ChatClientRagSystemTest {

    private final SampleStore sample = SampleStore.get();
    private MockWebServer server;
    private RagSystem system;

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start();
        ChatClient client = ChatClient.builder(OpenAiModels.chatModel(server, "sk-test"))
                .defaultAdvisors(RetrievalAugmentationAdvisor.builder()
                        .documentRetriever(VectorStoreDocumentRetriever.builder()
                                .vectorStore(sample.store)
                                .topK(3)
                                .build())
                        .build())
                .build();
        system = SpringAi.ragSystem("my-spring-app", client);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void answer_isTheReply_withTheDocumentsTheAdvisorPutIntoThePrompt() throws Exception {
        QuestionSample q = sample.questions.get(2);
        server.enqueue(OpenAiReplies.reply("An answer grounded in the sample corpus.", "stop", 300, 12));

        RagAnswer answer = system.answer(q.question());

        assertThat(system.name()).isEqualTo("my-spring-app");
        assertThat(answer.answer()).isEqualTo("An answer grounded in the sample corpus.");
        List<Document> direct = sample.store.similaritySearch(
                SearchRequest.builder().query(q.question()).topK(3).build());
        assertThat(answer.contexts())
                .extracting(RetrievedContext::id)
                .isEqualTo(direct.stream().map(Document::getId).toList());
        String prompt = OpenAiReplies.body(server.takeRequest())
                .get("messages")
                .get(0)
                .get("content")
                .asText();
        assertThat(prompt).contains(q.question());
        assertThat(server.getRequestCount()).as("one chat call").isEqualTo(1);
        for (int i = 0; i < answer.contexts().size(); i++) {
            RetrievedContext context = answer.contexts().get(i);
            Chunk ours = sample.chunk(context.id());
            assertThat(prompt).contains(context.text());
            assertThat(context.text()).isEqualTo(ours.text());
            assertThat(context.score()).isEqualTo(direct.get(i).getScore());
            assertThat(context.source()).isEqualTo(ours.documentId() + ".pdf");
            assertThat(context.page()).isEqualTo(ours.pageStart());
            assertThat(context.metadata())
                    .containsEntry("file_name", ours.documentId() + ".pdf")
                    .containsEntry("page_number", Integer.toString(ours.pageStart()))
                    .containsEntry("section", ours.sectionPath());
        }
    }

    @Test
    void answer_clientWithoutRetrievalAdvisor_hasNoContexts() {
        RagSystem plain = SpringAi.ragSystem("plain", ChatClient.create(OpenAiModels.chatModel(server, "sk-test")));
        server.enqueue(OpenAiReplies.reply("From memory.", "stop", 10, 3));

        assertThat(plain.answer("What is a tidal barrage?")).isEqualTo(new RagAnswer("From memory.", List.of()));
    }

    @Test
    void answer_clientFailure_namesTheSystem() {
        server.enqueue(OpenAiReplies.error(500, "The server had an error", "server_error"));

        assertThatThrownBy(() -> system.answer(sample.questions.get(0).question()))
                .isInstanceOf(RagLensException.class)
                .hasMessage("the Spring AI system 'my-spring-app' failed to answer: TransientAiException");
    }

    @Test
    void version_isDeclaredOnlyWhenGiven_soAnswersAreReusedOnlyThen() {
        ChatClient client = ChatClient.create(OpenAiModels.chatModel(server, "sk-test"));

        assertThat(system.version()).isEmpty();
        assertThat(SpringAi.ragSystem("my-spring-app", "deploy-81", client).version())
                .contains("deploy-81");
        assertThatThrownBy(() -> SpringAi.ragSystem("my-spring-app", "", client))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("version must not be blank; leave it out when the system has none");
    }
}
