package io.github.raglens.cli;

import io.github.raglens.EvaluateOptions;
import io.github.raglens.EvaluationEstimate;
import io.github.raglens.EvaluationResult;
import io.github.raglens.RagLens;
import io.github.raglens.eval.judge.Aggregation;
import io.github.raglens.eval.judge.ContextPrecision;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.eval.judge.ScoringSummary;
import io.github.raglens.eval.questions.QuestionRecord;
import io.github.raglens.eval.stats.ConfidenceInterval;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.retrieval.Retrievers;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.store.JsonlStore;
import io.github.raglens.workspace.Workspace;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code raglens evaluate}: answers for a stratified sample × each retriever, judged with the chosen
 * metrics; resumable at every step.
 */
@Command(
        name = "evaluate",
        mixinStandardHelpOptions = true,
        description = {
            "Generate answers for a stratified sample of the questions with each retriever's top-k contexts,"
                    + " score them with a judge model, and print mean, 95%% CI and coverage per retriever and metric.",
            "Resumable: answers.jsonl, scores.jsonl and judge-calls.jsonl in the workspace keep every finished"
                    + " answer, score and judge call; a rerun only does what is missing or failed."
        })
final class EvaluateCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--docs", required = true, paramLabel = "DIR", description = "The corpus folder (as ingested).")
    Path docs;

    @Option(
            names = "--llm-provider",
            defaultValue = "ollama",
            description = "Answering model's provider: ollama, openai, groq (default: ${DEFAULT-VALUE}).")
    String llmProvider;

    @Option(
            names = "--llm-model",
            description = "Answering model (default per provider: llama3.2, gpt-4o-mini, llama-3.1-8b-instant).")
    String llmModel;

    @Option(names = "--judge-provider", description = "Judge's provider (default: the --llm-provider).")
    String judgeProvider;

    @Option(names = "--judge-model", description = "Judge model (default: the --llm-model).")
    String judgeModel;

    @Option(
            names = "--embedding-provider",
            defaultValue = "onnx",
            description =
                    "Embeddings for dense retrieval and response relevancy: onnx, ollama, openai (default: the model"
                            + " the index was built with, else ${DEFAULT-VALUE}).")
    String embeddingProvider;

    @Option(names = "--embedding-model", description = "Embedding model (default: bge-small-en-v1.5 for onnx).")
    String embeddingModel;

    @Option(
            names = "--retrievers",
            split = ",",
            defaultValue = "bm25,dense,hybrid,hierarchical,hier-neighbor",
            description = "Retrievers to compare (default: ${DEFAULT-VALUE}).")
    List<String> retrievers;

    @Option(
            names = "--sample",
            defaultValue = "150",
            description = "Questions in the stratified sample (default: ${DEFAULT-VALUE}).")
    int sample;

    @Option(names = "--seed", defaultValue = "42", description = "Sampling seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--k",
            defaultValue = "5",
            description = "Contexts retrieved per question (default: ${DEFAULT-VALUE}).")
    int k;

    @Option(
            names = "--metrics",
            split = ",",
            description = "Metrics (default: faithfulness,factual_correctness,context_precision,context_recall).")
    List<String> metrics = Metrics.DEFAULT;

    @Option(
            names = "--context-precision",
            defaultValue = "one-call",
            description =
                    "per-context (one call per context, concurrently) or one-call (all contexts in one call) (default: ${DEFAULT-VALUE}).")
    String contextPrecision;

    @Option(
            names = "--concurrency",
            defaultValue = "8",
            description = "Model calls in flight at most (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(
            names = "--budget-usd",
            description = "Stop sending judge calls once they cost this much; everything finished is kept.")
    Double budgetUsd;

    @Option(
            names = "--price-input",
            paramLabel = "USD",
            description = "Judge price per million prompt tokens (default: the built-in price table, else 0).")
    Double priceInput;

    @Option(
            names = "--price-output",
            paramLabel = "USD",
            description = "Judge price per million completion tokens (default: the built-in price table, else 0).")
    Double priceOutput;

    @Option(
            names = "--system-url",
            paramLabel = "URL",
            description = "A RAG service of your own, evaluated beside --retrievers (repeatable): raglens POSTs"
                    + " {\"question\": \"...\"} and reads {\"answer\": \"...\", \"contexts\": [{\"text\":"
                    + " \"...\", \"id\": \"...\", \"score\": 0.5, \"source\": \"file.pdf\", \"page\": 3}]}"
                    + " (only text required in a context; \"contexts\": [] when none were used).")
    List<String> systemUrls = List.of();

    @Option(
            names = "--system-name",
            paramLabel = "NAME",
            description = "Name of the --system-url at the same position (default: its host, port and path).")
    List<String> systemUrlNames = List.of();

    @Option(
            names = "--auth-env",
            paramLabel = "VAR",
            description = "Environment variable (or .env entry) with a token for every --system-url, sent as"
                    + " Authorization: Bearer <token>; never logged.")
    String authEnv;

    @Option(names = "--dry-run", description = "Print the calls, tokens and cost the run would make, and send nothing.")
    boolean dryRun;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ContextPrecision.Mode cpMode = switch (contextPrecision) {
            case "per-context" -> ContextPrecision.Mode.PER_CONTEXT;
            case "one-call" -> ContextPrecision.Mode.ONE_CALL;
            default ->
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "--context-precision must be per-context or one-call, was '" + contextPrecision + "'");
        };
        for (String m : metrics) {
            if (!Metrics.NAMES.contains(m)) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "unknown metric '" + m + "' in --metrics; choose from " + String.join(", ", Metrics.NAMES));
            }
        }
        for (String r : retrievers) {
            if (!Retrievers.NAMES.contains(r)) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "unknown retriever '" + r + "' in --retrievers; choose from "
                                + String.join(", ", Retrievers.NAMES));
            }
        }
        if (sample < 1 || k < 1 || concurrency < 1) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--sample, --k and --concurrency must be at least 1");
        }
        EvaluateOptions options;
        try {
            EvaluateOptions.Builder ob = EvaluateOptions.builder()
                    .sample(sample)
                    .k(k)
                    .metrics(metrics)
                    .contextPrecision(cpMode);
            if (budgetUsd != null) {
                ob.budgetUsd(budgetUsd);
            }
            if (priceInput != null || priceOutput != null) {
                TokenPrice p =
                        TokenPrice.of(priceInput == null ? 0 : priceInput, priceOutput == null ? 0 : priceOutput);
                ob.answerPrice(p).judgePrice(p);
            }
            options = ob.build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        Workspace ws = new Workspace(parent.workspace);
        if (!Files.exists(ws.chunks())) {
            err.println("raglens: no chunks at " + ws.chunks() + "; run: raglens ingest --docs " + docs);
            return 1;
        }
        if (!Files.exists(ws.questions())) {
            err.println("raglens: no questions at " + ws.questions() + "; run: raglens questions --docs " + docs);
            return 1;
        }
        String jProvider = judgeProvider == null ? llmProvider : judgeProvider;
        String jModel = judgeModel == null ? llmModel : judgeModel;
        LlmProvider llm = Lenses.chat(spec, "--llm-provider", llmProvider, llmModel);
        LlmProvider judge = judgeProvider == null && judgeModel == null
                ? llm
                : Lenses.chat(spec, "--judge-provider", jProvider, jModel);
        RagLens.Builder builder = Lenses.builder(parent)
                .retrievers(retrievers.toArray(String[]::new))
                .embeddings(Lenses.queryEmbeddings(spec, parent, embeddingProvider, embeddingModel))
                .llm(() -> llm)
                .judge(() -> judge)
                .seed(seed)
                .concurrency(concurrency);
        RagLens lens;
        try {
            if (systemUrlNames.size() > systemUrls.size()) {
                throw new IllegalArgumentException("--system-name is given " + systemUrlNames.size()
                        + " times but --system-url " + systemUrls.size() + "; give one name per URL");
            }
            for (int i = 0; i < systemUrls.size(); i++) {
                builder.systemUrl(i < systemUrlNames.size() ? systemUrlNames.get(i) : null, systemUrls.get(i));
            }
            if (authEnv != null) {
                builder.serviceTokenFromEnv(authEnv);
            }
            lens = builder.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("raglens evaluate: " + e.getMessage());
            return CommandLine.ExitCode.USAGE;
        }
        if (dryRun) {
            EvaluationEstimate e = lens.estimateEvaluation(options);
            out.printf(
                    Locale.ROOT,
                    "dry run: %d questions x %d retrievers, metrics %s%n",
                    e.questions(),
                    e.retrievers().size(),
                    String.join(",", e.metrics()));
            out.println("answers (" + e.answerModel() + "): " + e.answers().describe());
            out.println("judge (" + e.judgeModel() + "): " + e.judging().describe());
            out.println("total: " + e.total().describe());
            return 0;
        }
        if (!Files.isDirectory(ws.index())) {
            err.println("raglens: no index at " + ws.index() + "; run: raglens index --docs " + docs);
            return 1;
        }
        EvaluationResult r;
        try (StageProgress progress = new StageProgress(parent)) {
            if (!parent.quiet) {
                out.printf(
                        Locale.ROOT,
                        "answering %d questions x %d retrievers with %s%n",
                        Math.min(sample, questionCount(ws)),
                        retrievers.size(),
                        llm.modelName());
            }
            r = lens.evaluate(options, progress);
        }
        print(out, r.aggregation());
        ScoringSummary summary = r.scoring();
        out.printf(
                Locale.ROOT,
                "judge: %d calls sent, %d answered from cache, %d tokens, $%.4f; scored %d, failed %d%s%n",
                summary.judge().callsSent(),
                summary.judge().cacheHits(),
                summary.judge().usage().total(),
                summary.judge().costUsd(),
                summary.scored(),
                summary.failed(),
                summary.failuresByReason().isEmpty() ? "" : " " + summary.failuresByReason());
        if (summary.stopReason().isPresent()) {
            out.println("stopped: " + summary.stopReason().get() + "; " + summary.notRun()
                    + " cells left for the next run (everything finished is kept)");
            return RaglensCli.EXIT_PARTIAL;
        }
        return summary.failed() > 0 || r.answers().failed() > 0 ? RaglensCli.EXIT_PARTIAL : 0;
    }

    /** Usable questions in the workspace, for the opening line. */
    private static int questionCount(Workspace ws) {
        try (JsonlStore<QuestionRecord> store =
                JsonlStore.open(ws.questions(), QuestionRecord.class, QuestionRecord::chunkId)) {
            return (int)
                    store.records().stream().filter(QuestionRecord::isSuccess).count();
        }
    }

    private void print(PrintWriter out, Aggregation agg) {
        for (Aggregation.MetricSummary m : agg.metrics()) {
            out.printf(
                    Locale.ROOT,
                    "%n%s (%s, %s) on %d questions every retriever scored%n",
                    m.metric(),
                    m.judgeModel(),
                    m.version(),
                    m.commonQuestions());
            out.printf(
                    Locale.ROOT, "  %-14s %7s  %-17s %9s  %s%n", "retriever", "mean", "95% CI", "coverage", "failures");
            for (Aggregation.RetrieverSummary r : m.retrievers()) {
                String mean = r.interval()
                        .map(ci -> String.format(Locale.ROOT, "%.3f", ci.mean()))
                        .orElse("-");
                String ci = r.interval()
                        .map((ConfidenceInterval c) -> String.format(Locale.ROOT, "[%.3f, %.3f]", c.lower(), c.upper()))
                        .orElse("-");
                out.printf(
                        Locale.ROOT,
                        "  %-14s %7s  %-17s %4d/%-4d  %s%n",
                        r.retriever(),
                        mean,
                        ci,
                        r.scored(),
                        r.attempted(),
                        r.failuresByReason().isEmpty() ? "" : r.failuresByReason());
            }
            for (Aggregation.PairedComparison p : m.pairs()) {
                if (p.test().pValue() < 0.05) {
                    out.printf(
                            Locale.ROOT,
                            "  %s vs %s: %+.3f, p = %.4f%n",
                            p.a(),
                            p.b(),
                            p.test().meanDifference(),
                            p.test().pValue());
                }
            }
        }
    }
}
