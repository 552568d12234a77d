package io.github.raglens.facade.internal;

import java.util.List;
import java.util.Locale;

/** The pipeline's stages, in order, each with the stages whose output it reads. */
public enum Stage {
    /** Parse and chunk the documents into {@code chunks.jsonl}. */
    INGEST(List.of()),
    /** Embed and index the chunks into {@code index/}. */
    INDEX(List.of(INGEST)),
    /** Generate ground-truth questions into {@code questions.jsonl}; keyed by evidence, so they survive re-chunking. */
    QUESTIONS(List.of()),
    /** Run every retriever over the questions into {@code benchmark.json}. */
    BENCHMARK(List.of(INDEX, QUESTIONS)),
    /** Generate and judge answers into {@code answers.jsonl} and {@code scores.jsonl}. */
    EVALUATE(List.of(INDEX, QUESTIONS));

    private final List<Stage> inputs;

    Stage(List<Stage> inputs) {
        this.inputs = inputs;
    }

    /** The stages whose output this stage reads. */
    public List<Stage> inputs() {
        return inputs;
    }

    /** The name used in the manifest, e.g. {@code index}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
