package io.github.raglens.examples;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.document.splitter.DocumentSplitters;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.content.retriever.EmbeddingStoreContentRetriever;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import io.github.raglens.RagLens;
import io.github.raglens.langchain4j.LangChain4j;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.store.ChunksFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Evaluates a small LangChain4j RAG application end to end, offline: the application splits the
 * sample documents its own way (500-character segments) into LangChain4j's in-memory store,
 * embedded by raglens's in-process bge-small-en-v1.5, and answers through an AI service with a
 * content retriever and a scripted chat model. raglens benchmarks the application's retriever
 * beside bm25 (evidence relevance: no chunk ids need to match) and judges the faithfulness of the
 * application's answers to the contents it actually used.
 */
public final class LangChain4jApp {

    private LangChain4jApp() {}

    /** The application's AI service: the answer with the contents the augmentor used. */
    interface Assistant {
        Result<String> chat(String question);
    }

    /** Runs the example; the optional argument is the workspace folder. */
    public static void main(String[] args) throws Exception {
        Path workspace = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("raglens-langchain4j");
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
            // The user's LangChain4j application, as it would be written without raglens.
            EmbeddingModel embeddingModel = LangChain4j.embeddingModel(bge);
            InMemoryEmbeddingStore<TextSegment> store = new InMemoryEmbeddingStore<>();
            for (String name : SampleCorpus.DOCUMENTS) {
                Document document =
                        Document.from(SampleCorpus.markdown(name), Metadata.from("file_name", name + ".pdf"));
                List<TextSegment> segments =
                        DocumentSplitters.recursive(500, 50).split(document);
                store.addAll(embeddingModel.embedAll(segments).content(), segments);
            }
            ContentRetriever contentRetriever = EmbeddingStoreContentRetriever.builder()
                    .embeddingStore(store)
                    .embeddingModel(embeddingModel)
                    .maxResults(10)
                    .build();
            Assistant assistant = AiServices.builder(Assistant.class)
                    .chatModel(new ScriptedLangChain4jModel())
                    .contentRetriever(contentRetriever)
                    .build();

            // What the user adds to evaluate it.
            var report = lens.toBuilder()
                    .retriever(LangChain4j.retriever("langchain4j-app", contentRetriever))
                    .build()
                    .benchmark(questions, (stage, done, total, status) -> {});
            OwnSystemEvaluation.printBenchmark(report);

            RagSystem app = LangChain4j.ragSystem("langchain4j-app", assistant::chat);
            double faithfulness = OwnSystemEvaluation.judgeFaithfulness(
                    app, LangChain4j.llm("scripted/judge", new ScriptedLangChain4jModel()), questions, 5);
            System.out.printf(Locale.ROOT, "mean faithfulness of langchain4j-app: %.2f%n", faithfulness);
        }
    }
}
