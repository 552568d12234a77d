package io.github.raglens.springai;

import io.github.raglens.error.RagLensException;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.spi.AdapterArguments;
import io.github.raglens.spi.RagSystem;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;

/**
 * A Spring AI chat client with a retrieval advisor as a raglens system: the answer is the reply's
 * text and the contexts are the documents the advisor put into the prompt, read from the advisor
 * context ({@link RetrievalAugmentationAdvisor#DOCUMENT_CONTEXT}, or the {@code
 * qa_retrieved_documents} of {@code QuestionAnswerAdvisor}) or the response metadata; nothing is
 * retrieved a second time.
 */
final class ChatClientRagSystem implements RagSystem {

    /** The key under which Spring AI's {@code QuestionAnswerAdvisor} keeps its documents. */
    static final String QUESTION_ANSWER_DOCUMENTS = "qa_retrieved_documents";

    private static final List<String> KEYS =
            List.of(RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT, QUESTION_ANSWER_DOCUMENTS);

    private final String name;
    private final String version;
    private final ChatClient client;

    /** A system of this name and version (checked; null when it declares none). */
    ChatClientRagSystem(String name, String version, ChatClient client) {
        this.name = AdapterArguments.name(name);
        this.version = version;
        this.client = Objects.requireNonNull(client, "chatClient");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Optional<String> version() {
        return Optional.ofNullable(version);
    }

    @Override
    public RagAnswer answer(String question) {
        ChatClientResponse response;
        try {
            response = client.prompt().user(question).call().chatClientResponse();
        } catch (RuntimeException e) {
            throw new RagLensException(
                    "the Spring AI system '" + name + "' failed to answer: "
                            + e.getClass().getSimpleName(),
                    e);
        }
        ChatResponse chat = response.chatResponse();
        if (chat == null
                || chat.getResult() == null
                || chat.getResult().getOutput().getText() == null) {
            throw new RagLensException("the Spring AI system '" + name + "' returned no answer");
        }
        return new RagAnswer(chat.getResult().getOutput().getText(), Documents.toContexts(documents(response)));
    }

    private static List<Document> documents(ChatClientResponse response) {
        for (String key : KEYS) {
            List<Document> found = asDocuments(response.context().get(key));
            if (found == null && response.chatResponse().getMetadata() != null) {
                found = asDocuments(response.chatResponse().getMetadata().get(key));
            }
            if (found != null) {
                return found;
            }
        }
        return List.of();
    }

    private static List<Document> asDocuments(Object value) {
        if (!(value instanceof List<?> list)) {
            return null;
        }
        return list.stream()
                .filter(Document.class::isInstance)
                .map(Document.class::cast)
                .toList();
    }

    @Override
    public String toString() {
        return "Spring AI RAG system '" + name + "'";
    }
}
