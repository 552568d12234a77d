package io.github.raglens.cli;

import io.github.raglens.RagLens;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.result.QuestionGenerationResult;
import io.github.raglens.result.QuestionImportResult;
import io.github.raglens.spi.LlmProvider;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code raglens questions}: one ground-truth question per chunk of {@code chunks.jsonl}; resumable. */
@Command(
        name = "questions",
        mixinStandardHelpOptions = true,
        description = "Generate one question, answer and verbatim evidence per chunk and style with an LLM,"
                + " appending to questions.jsonl; a rerun asks only the chunks and styles not settled yet.")
final class QuestionsCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli cli;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--docs",
            paramLabel = "DIR",
            description = "The corpus folder (ingested); required unless --import is given.")
    Path docs;

    @Option(
            names = "--llm-provider",
            paramLabel = "P",
            defaultValue = "ollama",
            description = "ollama, openai or groq (default: ${DEFAULT-VALUE}).")
    ProviderKind provider;

    @Option(names = "--llm-model", paramLabel = "NAME", description = "The chat model (default per provider).")
    String model;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "4", description = "Requests in flight (4).")
    int concurrency;

    @Option(
            names = "--limit",
            paramLabel = "N",
            description = "Ask about at most N new chunks in this run, drawn across the documents in proportion to"
                    + " each one's unasked chunks (seeded, stratified); a rerun draws the next N.")
    Integer limit;

    @Option(
            names = "--styles",
            paramLabel = "LIST",
            split = ",",
            defaultValue = "natural",
            description = "Ask each chunk in each of these styles (default: ${DEFAULT-VALUE}): natural (a standalone"
                    + " question), search (a few keywords, as typed into a search box), paraphrase (worded away"
                    + " from the chunk's own words; asked again once when more than half its content words are the"
                    + " chunk's), persona (asked as one of the corpus's personas, derived once into personas.json),"
                    + " multi-hop (needs this chunk and another section's chunk of the same document, quoting"
                    + " both). Every question records its style and its lexical overlap with its chunk.")
    List<QuestionStyle> styles;

    @Option(names = "--dry-run", description = "Print the calls, tokens and cost the run would make, and send nothing.")
    boolean dryRun;

    /** Creates the chat model; a seam for tests and other providers. */
    interface LlmFactory {
        LlmProvider create(ProviderKind provider, String model);
    }

    static LlmFactory llmFactory = QuestionsCommand::defaultLlm;

    static LlmProvider defaultLlm(ProviderKind provider, String model) {
        return ProviderChoice.chat("--llm-provider", provider, model, Lenses.workingDirectory(), OptionalInt.empty());
    }

    @Option(
            names = "--import",
            paramLabel = "FILE",
            description = "Import your own questions instead of generating them: JSONL (one object a line) or CSV"
                    + " (header row) with question and answer, optional evidence (a verbatim quote), source (file),"
                    + " page and id; validated (evidence against the ingested corpus, as the benchmark checks it),"
                    + " then written to questions.jsonl.")
    Path importFile;

    private static String labels(Set<QuestionStyle> styles) {
        return String.join(",", styles.stream().map(QuestionStyle::label).toList());
    }

    @Override
    public Integer call() {
        if (importFile != null) {
            QuestionImportResult imported = Lenses.builder(cli).bm25().build().importQuestions(importFile);
            imported.warnings()
                    .forEach(w -> spec.commandLine().getErr().println("raglens questions: warning: " + CliTerms.of(w)));
            // --quiet silences progress, never the result
            spec.commandLine()
                    .getOut()
                    .println("imported " + imported.imported() + " questions from " + importFile + " into "
                            + cli.workspace.resolve("questions.jsonl"));
            return CommandLine.ExitCode.OK;
        }
        if (docs == null) {
            spec.commandLine().getErr().println("Missing required option: '--docs=DIR'");
            return CommandLine.ExitCode.USAGE;
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (concurrency < 1) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--concurrency must be >= 1, was " + concurrency);
        }
        if (limit != null && limit < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--limit must be >= 0, was " + limit);
        }
        ProviderChoice.requireChat(spec, "--llm-provider", provider);
        if (limit != null && limit == 0) {
            out.println("questions: nothing asked (--limit 0)");
            return CommandLine.ExitCode.OK;
        }
        LlmProvider llm = llmFactory.create(provider, model);
        RagLens lens =
                Lenses.builder(cli).llm(() -> llm).concurrency(concurrency).build();
        Path file = lens.workspace().questions();
        Set<QuestionStyle> asked = EnumSet.copyOf(styles);
        if (dryRun) {
            out.println("questions (" + llm.modelName() + ", styles " + labels(asked) + "): "
                    + lens.estimateQuestions(limit == null ? 0 : limit, asked).describe()
                    + " (one call per question not asked yet, and one to derive the personas when needed;"
                    + " re-asks after a problem not counted); nothing sent");
            return CommandLine.ExitCode.OK;
        }
        QuestionGenerationResult run;
        try (StageProgress progress = new StageProgress(cli)) {
            run = lens.questions(limit == null ? 0 : limit, asked, progress);
        }
        // one natural question per chunk, as before styles; else a chunk is asked once per style
        String what = asked.equals(EnumSet.of(QuestionStyle.NATURAL)) ? "chunks" : "questions";
        out.println("questions: " + (run.succeeded() + run.skipped() + run.failed()) + " " + what + " asked ("
                + run.succeeded() + " success, " + run.skipped() + " skip, " + run.failed() + " failed), "
                + run.alreadyDone() + " already done, " + run.llmCalls() + " LLM calls"
                + (run.draw().sampled() ? "; " + run.draw().describe() : "") + "; " + file);
        if (run.failed() > 0) {
            err.println("raglens questions: " + run.failed() + " " + what + " failed:");
            run.failureLines().forEach(line -> err.println("  " + line));
            return RaglensCli.EXIT_PARTIAL;
        }
        return CommandLine.ExitCode.OK;
    }
}
