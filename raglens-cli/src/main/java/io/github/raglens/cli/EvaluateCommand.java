package io.github.raglens.cli;

import io.github.raglens.EvaluateOptions;
import io.github.raglens.EvaluationEstimate;
import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.UnknownPriceException;
import io.github.raglens.facade.cli.HttpServices;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.result.Aggregation;
import io.github.raglens.result.Aggregation.SelfConsistency;
import io.github.raglens.result.AnswerSummary;
import io.github.raglens.result.Calibration;
import io.github.raglens.result.ConfidenceInterval;
import io.github.raglens.result.EvaluationResult;
import io.github.raglens.result.JudgeAgreement;
import io.github.raglens.result.JudgeAgreement.JudgeDisagreement;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.workspace.Workspace;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
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

    @CommandLine.Mixin
    BackendOption backend;

    @Option(names = "--docs", required = true, paramLabel = "DIR", description = "The corpus folder (as ingested).")
    Path docs;

    @Option(
            names = "--llm-provider",
            defaultValue = "ollama",
            description = "Answering model's provider: ollama, openai, groq (default: ${DEFAULT-VALUE}).")
    ProviderKind llmProvider;

    @Option(
            names = "--llm-model",
            description = "Answering model (default per provider: llama3.2, gpt-4o-mini, llama-3.1-8b-instant).")
    String llmModel;

    @Option(names = "--judge-provider", description = "Judge's provider (default: the --llm-provider).")
    ProviderKind judgeProvider;

    @Option(names = "--judge-model", description = "Judge model (default: the --llm-model).")
    String judgeModel;

    @Option(
            names = "--embedding-provider",
            defaultValue = "onnx",
            description =
                    "Embeddings for dense retrieval and response relevancy: onnx, ollama, openai (default: the model"
                            + " the index was built with, else ${DEFAULT-VALUE}).")
    ProviderKind embeddingProvider;

    @Option(names = "--embedding-model", description = "Embedding model (default: bge-small-en-v1.5 for onnx).")
    String embeddingModel;

    @Option(
            names = "--retrievers",
            paramLabel = "LIST",
            split = ",",
            description = "Retrievers to compare, of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    List<RetrieverKind> retrievers = RetrieverKind.defaults();

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
            paramLabel = "LIST",
            split = ",",
            description = "Metrics, of ${COMPLETION-CANDIDATES} (default:"
                    + " faithfulness,factual_correctness,context_precision,context_recall). The nuggets metrics score answers by the nuggets"
                    + " the judge lists once per question (kept in nuggets.jsonl, editable).")
    List<JudgeMetric> metrics = JudgeMetric.defaults();

    @Option(
            names = "--context-precision",
            description =
                    "per-context (one call per context, concurrently) or one-call (all contexts in one call) (default: one-call).")
    String contextPrecision;

    @Option(
            names = "--ragas-compatible",
            description = "Compute the judge metrics as RAGAS does: one call per context for context precision,"
                    + " sentence-level context recall, factual correctness with decompositions of its own,"
                    + " rounded to 2 decimals. Its scores are stored beside the default mode's.")
    boolean ragasCompatible;

    @Option(
            names = "--concurrency",
            defaultValue = "8",
            description = "Model calls in flight at most (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(
            names = "--budget-usd",
            description = "Stop sending calls once the run's paid calls (answers, judge, embeddings) cost this much,"
                    + " each model at its own price; everything finished is kept.")
    Double budgetUsd;

    @Option(
            names = "--price-input",
            paramLabel = "USD",
            description = "Judge price per million prompt tokens, and the answering model's when it is the judge"
                    + " (default: the built-in price table, else 0).")
    Double priceInput;

    @Option(
            names = "--price-output",
            paramLabel = "USD",
            description = "Judge price per million completion tokens, and the answering model's when it is the judge"
                    + " (default: the built-in price table, else 0).")
    Double priceOutput;

    @Option(
            names = "--repeats",
            defaultValue = "1",
            description = "Judgements per cell of every judge metric; above 1 the judge's self-consistency is"
                    + " reported (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Option(
            names = "--human-labels",
            paramLabel = "FILE",
            description = "JSONL of human scores for some cells ({\"retriever\", \"questionId\", \"metric\","
                    + " \"score\"} a line; raglens label-sample draws the cells and writes the lines to fill in):"
                    + " reports judge-human agreement, and per retriever a mean corrected by the labels of drawn"
                    + " cells (" + Calibration.MIN_DRAWN_LABELS + " needed). A label of an unknown question,"
                    + " retriever or metric is an error naming its line.")
    Path humanLabels;

    @Option(
            names = "--second-judge-provider",
            description = "A second judge's provider, to score the same cells and report judge agreement (default:"
                    + " the --judge-provider).")
    ProviderKind secondJudgeProvider;

    @Option(
            names = "--second-judge-model",
            description = "A second judge model scoring the same cells; the report shows per-metric kappa and"
                    + " Spearman against the judge and the cells where they disagree most.")
    String secondJudgeModel;

    @Option(
            names = "--llm-price-input",
            paramLabel = "USD",
            description = "Answering model's price per million prompt tokens (default: the built-in price table,"
                    + " else 0).")
    Double llmPriceInput;

    @Option(
            names = "--llm-price-output",
            paramLabel = "USD",
            description = "Answering model's price per million completion tokens (default: the built-in price"
                    + " table, else 0).")
    Double llmPriceOutput;

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
            names = "--system-version",
            paramLabel = "VERSION",
            description = "Version of the --system-url at the same position (a release, a commit, a deployment's"
                    + " id; \"\" for none): its answers are reused while the version stays the same. A system"
                    + " without a version is asked anew on every run, as it may have changed behind its URL.")
    List<String> systemUrlVersions = List.of();

    @Option(
            names = "--auth-env",
            paramLabel = "VAR",
            description = "Environment variable (or .env entry) with a token for every --system-url, sent as"
                    + " Authorization: Bearer <token>; never logged.")
    String authEnv;

    @Option(names = "--dry-run", description = "Print the calls, tokens and cost the run would make, and send nothing.")
    boolean dryRun;

    @Option(
            names = "--batch",
            description = "Send the OpenAI models' calls through OpenAI's Batch API at half the price: answers,"
                    + " statements and verdicts go out in successive batches of up to 24 hours each. Needs an"
                    + " OpenAI judge; stopped while a batch is pending, the same command waits for that batch.")
    boolean batch;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RagLens.Builder builder = backend.applyTo(Lenses.builder(parent));
        if (ragasCompatible && contextPrecision != null) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--ragas-compatible judges context precision per context as RAGAS does; drop --context-precision");
        }
        boolean perContext = switch (contextPrecision == null ? "one-call" : contextPrecision) {
            case "per-context" -> true;
            case "one-call" -> false;
            default ->
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "--context-precision must be per-context or one-call, was '" + contextPrecision + "'");
        };
        EvaluateOptions options;
        try {
            // the builders check the values; checked before the chat models, which take the concurrency
            builder.concurrency(concurrency);
            EvaluateOptions.Builder ob = EvaluateOptions.builder()
                    .sample(sample)
                    .contexts(k)
                    .metrics(metrics)
                    .contextPrecisionPerContext(perContext)
                    .ragasCompatible(ragasCompatible)
                    .repeats(repeats)
                    .batch(batch);
            if (humanLabels != null) {
                ob.humanLabels(humanLabels);
            }
            if (budgetUsd != null) {
                ob.budgetUsd(budgetUsd);
            }
            boolean judgeIsLlm = judgeProvider == null && judgeModel == null;
            boolean llmPriced = llmPriceInput != null || llmPriceOutput != null;
            if (priceInput != null || priceOutput != null) {
                TokenPrice p = price(priceInput, priceOutput);
                ob.judgePrice(p);
                if (judgeIsLlm && !llmPriced) {
                    ob.answerPrice(p);
                }
            }
            if (llmPriced) {
                ob.answerPrice(price(llmPriceInput, llmPriceOutput));
            }
            options = ob.build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        Workspace ws = new Workspace(parent.workspace);
        if (!Files.exists(ws.chunks())) {
            err.println("raglens: no chunks at " + ws.chunks() + "; run: "
                    + parent.retype("ingest --docs " + RaglensCli.word(docs)));
            return 1;
        }
        if (!Files.exists(ws.questions())) {
            err.println("raglens: no questions at " + ws.questions() + "; run: "
                    + parent.retype("questions --docs " + RaglensCli.word(docs)));
            return 1;
        }
        ProviderKind jProvider = judgeProvider == null ? llmProvider : judgeProvider;
        String jModel = judgeModel == null ? llmModel : judgeModel;
        List<String> missingKeys = new ArrayList<>();
        LlmProvider llm = chatModel("--llm-provider", llmProvider, llmModel, missingKeys);
        LlmProvider judge = judgeProvider == null && judgeModel == null
                ? llm
                : chatModel("--judge-provider", jProvider, jModel, missingKeys);
        if (secondJudgeProvider != null || secondJudgeModel != null) {
            LlmProvider second = chatModel(
                    "--second-judge-provider",
                    secondJudgeProvider == null ? jProvider : secondJudgeProvider,
                    secondJudgeModel,
                    missingKeys);
            if (second.modelName().equals(judge.modelName())) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "the second judge is the judge itself ('" + judge.modelName()
                                + "'); give --second-judge-model another model");
            }
            builder.secondJudge(() -> second);
        }
        Lenses.queryEmbeddings(builder, spec, embeddingProvider, embeddingModel)
                .retrievers(retrievers.toArray(RetrieverKind[]::new))
                .llm(() -> llm)
                .judge(() -> judge)
                .seed(seed);
        RagLens lens;
        try {
            if (systemUrlNames.size() > systemUrls.size()) {
                throw new IllegalArgumentException("--system-name is given " + systemUrlNames.size()
                        + " times but --system-url " + systemUrls.size() + "; give one name per URL");
            }
            if (systemUrlVersions.size() > systemUrls.size()) {
                throw new IllegalArgumentException("--system-version is given " + systemUrlVersions.size()
                        + " times but --system-url " + systemUrls.size() + "; give one version per URL");
            }
            HttpServices services = HttpServices.withToken(authEnv, Lenses.workingDirectory());
            for (int i = 0; i < systemUrls.size(); i++) {
                String name = i < systemUrlNames.size() ? systemUrlNames.get(i) : null;
                String version = i < systemUrlVersions.size() ? systemUrlVersions.get(i) : "";
                builder.system(services.system(name, systemUrls.get(i), version.isBlank() ? null : version));
            }
            lens = builder.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (dryRun) {
            EvaluationEstimate e;
            try {
                e = lens.estimateEvaluation(options);
            } catch (UnknownPriceException x) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), budgetRemedy(x, judgeProvider == null && judgeModel == null));
            }
            out.printf(
                    Locale.ROOT,
                    "dry run: %d questions x %d retrievers, metrics %s%n",
                    e.questions(),
                    e.retrievers().size(),
                    e.metrics().stream().map(JudgeMetric::label).collect(Collectors.joining(",")));
            out.println("answers (" + e.answerModel() + "): " + e.answers().describe());
            out.println("judge (" + e.judgeModel() + "): " + e.judging().describe());
            if (e.hasSecondJudge()) {
                out.println("second judge (" + e.secondJudgeModel() + "): "
                        + e.secondJudging().describe());
            }
            out.println("total: " + e.total().describe());
            if (batch || judge.modelName().startsWith("openai/")) {
                out.printf(
                        Locale.ROOT,
                        "through the Batch API (--batch): ~$%.2f instead of ~$%.2f live%n",
                        e.batchCostUsd(),
                        e.total().costUsd());
            }
            missingKeys.forEach(
                    m -> err.println("raglens evaluate: " + m + " (the dry run needs no key; the run does)"));
            return 0;
        }
        if (!Files.isDirectory(ws.index())) {
            err.println("raglens: no index at " + ws.index() + "; run: "
                    + parent.retype("index --docs " + RaglensCli.word(docs)));
            return 1;
        }
        EvaluationResult r;
        try (StageProgress progress = new StageProgress(parent)) {
            r = lens.evaluate(options, parent.quiet ? progress : planPrinted(out, progress));
        } catch (UnknownPriceException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), budgetRemedy(e, judgeProvider == null && judgeModel == null));
        }
        print(out, r.aggregation());
        printAnswers(out, r.answers());
        printConsistency(out, r.selfConsistency());
        r.calibration().ifPresent(c -> printCalibration(out, c));
        printJudgeAgreement(out, r);
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

    /**
     * The chat model an option names. A dry run sends nothing, so there a missing key is noted in
     * {@code missingKeys} and the model stands in by its name only.
     */
    private LlmProvider chatModel(String option, ProviderKind provider, String model, List<String> missingKeys) {
        try {
            // the client is allowed the command's --concurrency: its default (16) would cap a higher one unseen
            return ProviderChoice.chat(option, provider, model, Lenses.workingDirectory(), OptionalInt.of(concurrency));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        } catch (AuthenticationException e) {
            if (!dryRun) {
                throw e;
            }
            missingKeys.add(e.getMessage());
            return new NamedOnly(e.provider() + "/" + e.model());
        }
    }

    /** A chat model known by name only, for the estimate of a dry run; it cannot be called. */
    private record NamedOnly(String modelName) implements LlmProvider {
        @Override
        public ChatOutcome chat(ChatRequest request) {
            throw new IllegalStateException("a dry run sends nothing; " + modelName + " has no key");
        }
    }

    private static TokenPrice price(Double input, Double output) {
        return TokenPrice.of(input == null ? 0 : input, output == null ? 0 : output);
    }

    /** The library's refusal of a budget over a model of unknown price, in this command's options. */
    static String budgetRemedy(UnknownPriceException e, boolean judgeIsLlm) {
        String flags = switch (e.role()) {
            case JUDGE -> "--price-input USD --price-output USD";
            case ANSWERS ->
                judgeIsLlm ? "--price-input USD --price-output USD" : "--llm-price-input USD --llm-price-output USD";
            case EMBEDDINGS -> null;
        };
        String start =
                "--budget-usd needs the price of every paid model, and raglens knows none for '" + e.model() + "'; ";
        return flags == null
                ? start + "choose an embedding model with a known price (e.g. --embedding-provider onnx), or drop"
                        + " --budget-usd"
                : start + "give it in dollars per million tokens with " + flags;
    }

    /**
     * Progress that also prints, on a line of its own, the plan the stage reports first: the questions
     * drawn, the systems and the models, counted by the stage that runs them.
     */
    static ProgressListener planPrinted(PrintWriter out, ProgressListener progress) {
        AtomicBoolean printed = new AtomicBoolean();
        return (stage, done, total, status) -> {
            if (stage.equals("evaluate") && !printed.getAndSet(true)) {
                out.println("answering " + status);
                out.flush();
            }
            progress.progress(stage, done, total, status);
        };
    }

    private static void printAnswers(PrintWriter out, AnswerSummary answers) {
        answerLines(answers).forEach(out::println);
    }

    /** Per system: what answered, and how many answers were reused from earlier runs or had anew. */
    static List<String> answerLines(AnswerSummary answers) {
        List<String> lines = new ArrayList<>();
        for (AnswerSummary.SystemAnswers a : answers.systems()) {
            lines.add(String.format(
                    Locale.ROOT,
                    "answers of %s (%s): %d reused, %d answered anew%s",
                    a.system(),
                    a.external() && a.version().isEmpty()
                            ? a.answeredBy() + "; --system-version lets unchanged answers be reused"
                            : a.answeredBy(),
                    a.reused(),
                    a.answered(),
                    a.failed() == 0 ? "" : ", " + a.failed() + " failed"));
        }
        return lines;
    }

    private static void printConsistency(PrintWriter out, List<SelfConsistency> consistency) {
        for (SelfConsistency c : consistency) {
            out.printf(
                    Locale.ROOT,
                    "self-consistency %s (%d repeats, %d cells): identical %s, mean sd %s, kappa %s, spearman %s%n",
                    c.metric(),
                    c.repeats(),
                    c.cells(),
                    c.identicalShare().isPresent()
                            ? String.format(
                                    Locale.ROOT,
                                    "%.1f%%",
                                    100 * c.identicalShare().getAsDouble())
                            : "-",
                    fixed(c.meanStdDev()),
                    fixed(c.kappa()),
                    fixed(c.spearman()));
        }
    }

    private static void printCalibration(PrintWriter out, Calibration calibration) {
        for (Calibration.MetricCalibration m : calibration.metrics()) {
            m.describe().forEach(line -> out.println("calibration " + line));
        }
    }

    private static void printJudgeAgreement(PrintWriter out, EvaluationResult r) {
        for (JudgeAgreement a : r.judgeAgreement()) {
            out.printf(
                    Locale.ROOT,
                    "judges %s vs %s on %s (%d cells): kappa %s, spearman %s%n",
                    a.judgeA(),
                    a.judgeB(),
                    a.metric(),
                    a.cells(),
                    fixed(a.kappa()),
                    fixed(a.spearman()));
            for (JudgeDisagreement d : r.disagreements()) {
                if (d.metric().equals(a.metric())) {
                    out.printf(
                            Locale.ROOT,
                            "  %s %s: %.3f vs %.3f%n",
                            d.retriever(),
                            d.questionId(),
                            d.scoreA(),
                            d.scoreB());
                }
            }
        }
    }

    private static String fixed(java.util.OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%.3f", v.getAsDouble()) : "-";
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
                if (p.significant()) {
                    out.printf(
                            Locale.ROOT,
                            "  %s vs %s: %+.3f, Holm-adjusted p = %.4f%n",
                            p.a(),
                            p.b(),
                            p.test().meanDifference(),
                            p.adjustedPValue());
                }
            }
        }
    }
}
