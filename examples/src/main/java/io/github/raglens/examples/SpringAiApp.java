package io.github.raglens.examples;

import io.github.raglens.RagLens;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.springai.SpringAi;
import io.github.raglens.store.ChunksFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;
import org.springframework.ai.rag.retrieval.search.VectorStoreDocumentRetriever;
import org.springframework.ai.vectorstore.SimpleVectorStore;
import org.springframework.core.task.SyncTaskExecutor;

/**
 * Evaluates a small Spring AI RAG application end to end, offline: the application stores the
 * sample documents paragraph by paragraph in Spring AI's {@code SimpleVectorStore}, embedded by
 * raglens's in-process bge-small-en-v1.5, and answers through a {@code ChatClient} with a {@code
 * RetrievalAugmentationAdvisor} and a scripted chat model. raglens benchmarks the application's
 * vector store beside bm25 (evidence relevance: no chunk ids need to match) and judges the
 * faithfulness of the application's answers to the documents its advisor retrieved.
 */
public final class SpringAiApp {

    private SpringAiApp() {}

    /** Runs the example; the optional argument is the workspace folder. */
    public static void main(String[] args) throws Exception {
        Path workspace = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("raglens-spring-ai");
        Path docs = SampleCorpus.writeTo(workspace.resolve("docs"));
        RagLens lens = RagLens.builder()
                .workspace(workspace)
                .bm25()
                .relevance(Relevance.EVIDENCE)
                .build();
        lens.ingest(docs);
        lens.index();
        List<QuestionSample> questions =
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks()));

        try (OnnxEmbeddings bge = OnnxEmbeddings.builder().bgeSmallEnV15().build()) {
            // The user's Spring AI application, as it would be written without raglens.
            SimpleVectorStore store =
                    SimpleVectorStore.builder(SpringAi.embeddingModel(bge)).build();
            store.add(paragraphs());
            ChatClient chatClient = ChatClient.builder(new ScriptedSpringModel())
                    .defaultAdvisors(RetrievalAugmentationAdvisor.builder()
                            .documentRetriever(VectorStoreDocumentRetriever.builder()
                                    .vectorStore(store)
                                    .topK(4)
                                    .build())
                            // Retrieval on the calling thread: the advisor's default pool is not
                            // daemon and would keep this main alive.
                            .taskExecutor(new SyncTaskExecutor())
                            .build())
                    .build();

            // What the user adds to evaluate it.
            var report = lens.toBuilder()
                    .retriever(SpringAi.retriever("spring-ai-app", store))
                    .build()
                    .benchmark(questions, (stage, done, total, status) -> {});
            OwnSystemEvaluation.printBenchmark(report);

            RagSystem app = SpringAi.ragSystem("spring-ai-app", chatClient);
            double faithfulness = OwnSystemEvaluation.judgeFaithfulness(
                    app, SpringAi.llm("scripted/judge", new ScriptedSpringModel()), questions, 5);
            System.out.printf(Locale.ROOT, "mean faithfulness of spring-ai-app: %.2f%n", faithfulness);
        }
    }

    /** The sample documents cut at blank lines, each paragraph a document with its file name. */
    private static List<Document> paragraphs() {
        List<Document> out = new ArrayList<>();
        for (String name : SampleCorpus.DOCUMENTS) {
            int n = 0;
            for (String paragraph : SampleCorpus.markdown(name).split("\\n\\s*\\n")) {
                if (!paragraph.isBlank()) {
                    out.add(new Document(name + "#" + ++n, paragraph.strip(), Map.of("file_name", name + ".pdf")));
                }
            }
        }
        return out;
    }
}
