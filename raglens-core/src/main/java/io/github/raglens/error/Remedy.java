package io.github.raglens.error;

/**
 * A stage of the pipeline that a message names as the remedy ("call RagLens.questions(limit,
 * progress) first"), so that a front end (the CLI, for one) can replace the API call with its own
 * command. Library messages build the phrase with {@link #first()} or {@link #again()} and never
 * name a command-line option.
 */
public enum Remedy {
    /** Parsing and chunking the documents. */
    INGEST("RagLens.ingest(docs)"),
    /** Building the search index from the chunks. */
    INDEX("RagLens.index()"),
    /** Generating the benchmark questions. */
    QUESTIONS("RagLens.questions(limit, progress)"),
    /** Benchmarking the retrievers. */
    BENCHMARK("RagLens.benchmark()"),
    /** Evaluating the answers with a judge. */
    EVALUATE("RagLens.evaluate(options, progress)");

    private final String call;

    Remedy(String call) {
        this.call = call;
    }

    /** The API call that runs the stage, e.g. {@code RagLens.index()}. */
    public String call() {
        return call;
    }

    /** The phrase asking to run the stage before, e.g. {@code call RagLens.index() first}. */
    public String first() {
        return "call " + call + " first";
    }

    /** The phrase asking to run the stage once more, e.g. {@code call RagLens.index() again}. */
    public String again() {
        return "call " + call + " again";
    }
}
