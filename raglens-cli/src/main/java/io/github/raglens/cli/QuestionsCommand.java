package io.github.raglens.cli;

import io.github.raglens.eval.questions.QuestionGenerator;
import io.github.raglens.eval.questions.QuestionRecord;
import io.github.raglens.eval.questions.QuestionRun;
import io.github.raglens.model.Chunk;
import io.github.raglens.providers.groq.Groq;
import io.github.raglens.providers.ollama.Ollama;
import io.github.raglens.providers.openai.OpenAi;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.store.ChunksFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code raglens questions}: one ground-truth question per chunk of {@code chunks.jsonl}; resumable. */
@Command(
        name = "questions",
        mixinStandardHelpOptions = true,
        description = "Generate one question, answer and verbatim evidence per chunk with an LLM, appending to"
                + " questions.jsonl; a rerun asks only the chunks not settled yet.")
final class QuestionsCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli cli;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--docs", paramLabel = "DIR", required = true, description = "The corpus folder (ingested).")
    Path docs;

    @Option(
            names = "--llm-provider",
            paramLabel = "P",
            defaultValue = "ollama",
            description = "ollama, openai or groq (default: ${DEFAULT-VALUE}).")
    String provider;

    @Option(names = "--llm-model", paramLabel = "NAME", description = "The chat model (default per provider).")
    String model;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "4", description = "Requests in flight (4).")
    int concurrency;

    @Option(names = "--limit", paramLabel = "N", description = "Ask about at most N new chunks in this run.")
    Integer limit;

    /** Creates the chat model; a seam for tests and other providers. */
    interface LlmFactory {
        LlmProvider create(String provider, String model);
    }

    static LlmFactory llmFactory = QuestionsCommand::defaultLlm;

    static LlmProvider defaultLlm(String provider, String model) {
        return switch (provider) {
            case "ollama" -> Ollama.chat(model == null ? "llama3.2" : model).build();
            case "openai" ->
                OpenAi.chat(model == null ? "gpt-4o-mini" : model)
                        .apiKeyFromEnv(OpenAi.API_KEY_VARIABLE)
                        .build();
            case "groq" ->
                Groq.chat(model == null ? "llama-3.1-8b-instant" : model)
                        .apiKeyFromEnv(Groq.API_KEY_VARIABLE)
                        .build();
            default ->
                throw new IllegalArgumentException(
                        "unknown --llm-provider '" + provider + "'; use ollama, openai or groq");
        };
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (concurrency < 1) {
            err.println("raglens questions: --concurrency must be >= 1, was " + concurrency);
            return CommandLine.ExitCode.USAGE;
        }
        if (limit != null && limit < 0) {
            err.println("raglens questions: --limit must be >= 0, was " + limit);
            return CommandLine.ExitCode.USAGE;
        }
        if (!provider.equals("ollama") && !provider.equals("openai") && !provider.equals("groq")) {
            err.println("raglens questions: unknown --llm-provider '" + provider + "'; use ollama, openai or groq");
            return CommandLine.ExitCode.USAGE;
        }
        List<Chunk> chunks = ChunksFile.read(cli.workspace.resolve("chunks.jsonl"));
        LlmProvider llm = llmFactory.create(provider, model);
        Path file = cli.workspace.resolve(QuestionGenerator.FILE_NAME);
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger skip = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        int todo = limit == null ? chunks.size() : Math.min(limit, chunks.size());
        QuestionRun run;
        try (ProgressBars.Tracker bar = ProgressBars.start(cli, "questions", todo)) {
            run = QuestionGenerator.builder(llm)
                    .concurrency(concurrency)
                    .build()
                    .generate(chunks, file, limit == null ? Integer.MAX_VALUE : limit, (done, total, r) -> {
                        switch (r.status()) {
                            case QuestionRecord.SUCCESS -> ok.incrementAndGet();
                            case QuestionRecord.SKIP -> skip.incrementAndGet();
                            default -> failed.incrementAndGet();
                        }
                        bar.update(done, ok + " ok, " + skip + " skip, " + failed + " failed");
                    });
        }
        if (!cli.quiet) {
            out.println("questions: " + (run.succeeded() + run.skipped() + run.failed()) + " chunks asked ("
                    + run.succeeded() + " success, " + run.skipped() + " skip, " + run.failed() + " failed), "
                    + run.alreadyDone() + " already done, " + run.llmCalls() + " LLM calls; " + file);
        }
        if (run.failed() > 0) {
            err.println("raglens questions: " + run.failed() + " chunks failed:");
            run.failureLines().forEach(line -> err.println("  " + line));
            return RaglensCli.EXIT_PARTIAL;
        }
        return CommandLine.ExitCode.OK;
    }
}
