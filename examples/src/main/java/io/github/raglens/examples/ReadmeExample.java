package io.github.raglens.examples;

import io.github.raglens.RagLens;
import io.github.raglens.chunk.SectionChunker;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.providers.Ollama;
import io.github.raglens.result.BenchmarkResult;
import java.nio.file.Path;

/**
 * The builder example of the README, line for line: your PDFs, local embeddings, questions written
 * by a model on Ollama. Needs Ollama running with {@code llama3.2} pulled.
 */
public final class ReadmeExample {

    private ReadmeExample() {}

    /** Runs the pipeline on the folder {@code my_pdfs} of the working directory. */
    public static void main(String[] args) {
        // README:begin
        RagLens lens = RagLens.builder()
                .workspace(Path.of(".raglens"))
                .chunker(SectionChunker.builder().maxSectionChars(2_500).build())
                .embeddings(() -> OnnxEmbeddings.builder().bgeSmallEnV15().build()) // local, no key
                .llm(() -> Ollama.chat("llama3.2").build()) // writes the questions
                .build();
        lens.ingest(Path.of("my_pdfs"));
        lens.index();
        lens.questions(0);
        BenchmarkResult report = lens.benchmark();
        lens.report();
        // README:end
        System.out.println(report.retrievers().size() + " retrievers benchmarked; see .raglens/report.html");
    }
}
