package io.github.raglens.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.EmbeddingStoreContentRetriever;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import io.github.raglens.error.RagLensException;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.wire.OpenAiReplies;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AiServiceRagSystemTest {

    /** The user's AI service: its method returns the answer with the contents that were used. */
    interface Assistant {
        Result<String> chat(String question);
    }

    private final SampleStore sample = SampleStore.get();
    private MockWebServer server;
    private RagSystem system;

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start();
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(OpenAiChatModel.builder()
                        .baseUrl(server.url("/v1").toString())
                        .apiKey("sk-test")
                        .modelName("gpt-4o-mini")
                        .maxRetries(0)
                        .build())
                .contentRetriever(EmbeddingStoreContentRetriever.builder()
                        .embeddingStore(sample.store)
                        .embeddingModel(sample.embeddingModel)
                        .maxResults(3)
                        .build())
                .build();
        system = LangChain4j.ragSystem("my-lc4j-app", assistant::chat);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void answer_isTheServicesAnswer_withTheContentsItPutIntoThePrompt() throws Exception {
        QuestionSample q = sample.questions.get(2);
        server.enqueue(OpenAiReplies.reply("An answer grounded in the sample corpus.", "stop", 300, 12));

        RagAnswer answer = system.answer(q.question());

        assertThat(system.name()).isEqualTo("my-lc4j-app");
        assertThat(answer.answer()).isEqualTo("An answer grounded in the sample corpus.");
        assertThat(answer.contexts()).hasSize(3);
        String prompt = OpenAiReplies.body(server.takeRequest())
                .get("messages")
                .get(0)
                .get("content")
                .asText();
        assertThat(prompt).startsWith(q.question());
        assertThat(server.getRequestCount())
                .as("one chat call, nothing re-queried")
                .isEqualTo(1);
        double previous = Double.POSITIVE_INFINITY;
        for (RetrievedContext context : answer.contexts()) {
            Chunk ours = sample.chunk(context.id());
            assertThat(prompt).contains(context.text());
            assertThat(context.text()).isEqualTo(ours.text());
            assertThat(context.source()).isEqualTo(ours.documentId() + ".pdf");
            assertThat(context.page()).isEqualTo(ours.pageStart());
            assertThat(context.metadata())
                    .containsEntry("file_name", ours.documentId() + ".pdf")
                    .containsEntry("page_number", Integer.toString(ours.pageStart()))
                    .containsEntry("section", ours.sectionPath());
            assertThat(context.score()).isBetween(0.0, 1.0).isLessThanOrEqualTo(previous);
            previous = context.score();
        }
    }

    @Test
    void answer_fromAUserLambda_mapsEveryContentField() {
        Content content = Content.from(
                TextSegment.from(
                        "Fares are capped at 2.50 a day.",
                        new dev.langchain4j.data.document.Metadata()
                                .put("source", "fares.pdf")
                                .put("page", "4")),
                Map.of(
                        ContentMetadata.SCORE,
                        0.81,
                        ContentMetadata.RERANKED_SCORE,
                        0.93,
                        ContentMetadata.EMBEDDING_ID,
                        "seg-7"));
        RagSystem own = LangChain4j.ragSystem(
                "own",
                question -> Result.<String>builder()
                        .content("2.50 a day")
                        .sources(List.of(content))
                        .build());

        RagAnswer answer = own.answer("What is the daily cap?");

        assertThat(answer)
                .isEqualTo(new RagAnswer(
                        "2.50 a day",
                        List.of(new RetrievedContext(
                                "Fares are capped at 2.50 a day.",
                                "seg-7",
                                0.93,
                                "fares.pdf",
                                4,
                                Map.of("source", "fares.pdf", "page", "4")))));
    }

    @Test
    void answer_pipelineWithoutAnswer_isAClearError() {
        RagSystem empty = LangChain4j.ragSystem("empty", question -> null);

        assertThatThrownBy(() -> empty.answer("anything"))
                .isInstanceOf(RagLensException.class)
                .hasMessage("the LangChain4j system 'empty' returned no answer; its AI service method must return"
                        + " Result<String> with the answer as content");
    }

    @Test
    void answer_pipelineFailure_namesTheSystemAndKeepsTheCause() {
        server.enqueue(OpenAiReplies.error(500, "The server had an error", "server_error"));

        assertThatThrownBy(() -> system.answer(sample.questions.get(0).question()))
                .isInstanceOf(RagLensException.class)
                .hasMessage("the LangChain4j system 'my-lc4j-app' failed to answer: InternalServerException")
                .hasCauseInstanceOf(dev.langchain4j.exception.InternalServerException.class);
    }

    @Test
    void version_isDeclaredOnlyWhenGiven_soAnswersAreReusedOnlyThen() {
        assertThat(system.version()).isEmpty();
        assertThat(LangChain4j.ragSystem("my-lc4j-app", " 2.4.1 ", question -> null)
                        .version())
                .contains("2.4.1");
        assertThatThrownBy(() -> LangChain4j.ragSystem("my-lc4j-app", " ", question -> null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("version must not be blank; leave it out when the system has none");
    }
}
