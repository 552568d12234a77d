package io.github.raglens.cli;

import io.github.raglens.eval.judge.Aggregation;
import io.github.raglens.eval.judge.AnswerGenerator;
import io.github.raglens.eval.judge.AnswerRecord;
import io.github.raglens.eval.judge.ContextPrecision;
import io.github.raglens.eval.judge.CostEstimate;
import io.github.raglens.eval.judge.EvalCase;
import io.github.raglens.eval.judge.EvalCases;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metric;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.eval.judge.Price;
import io.github.raglens.eval.judge.Scorer;
import io.github.raglens.eval.judge.ScoringSummary;
import io.github.raglens.eval.questions.QuestionRecord;
import io.github.raglens.eval.sampling.StratifiedSampler;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.ConfidenceInterval;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.internal.Json;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.providers.Environment;
import io.github.raglens.providers.PriceTable;
import io.github.raglens.providers.Providers;
import io.github.raglens.retrieval.LuceneIndex;
import io.github.raglens.retrieval.RetrievalConfig;
import io.github.raglens.retrieval.Retrievers;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.store.JsonlStore;
import io.github.raglens.workspace.Workspace;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
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

    @Option(names = "--docs", required = true, paramLabel = "DIR", description = "The corpus folder (as ingested).")
    Path docs;

    @Option(
            names = "--llm-provider",
            defaultValue = "ollama",
            description = "Answering model's provider: ollama, openai, groq (default: ${DEFAULT-VALUE}).")
    String llmProvider;

    @Option(
            names = "--llm-model",
            defaultValue = "llama3.2",
            description = "Answering model (default: ${DEFAULT-VALUE}).")
    String llmModel;

    @Option(names = "--judge-provider", description = "Judge's provider (default: the --llm-provider).")
    String judgeProvider;

    @Option(names = "--judge-model", description = "Judge model (default: the --llm-model).")
    String judgeModel;

    @Option(
            names = "--embedding-provider",
            defaultValue = "onnx",
            description =
                    "Embeddings for dense retrieval and response relevancy: onnx, ollama, openai (default: ${DEFAULT-VALUE}).")
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
            defaultValue = "per-context",
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

    @Option(names = "--dry-run", description = "Print the calls, tokens and cost the run would make, and send nothing.")
    boolean dryRun;

    @Override
    public Integer call() throws IOException {
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
        Workspace ws = new Workspace(parent.workspace);
        if (!Files.exists(ws.chunks())) {
            err.println("raglens: no chunks at " + ws.chunks() + "; run: raglens ingest --docs " + docs);
            return 1;
        }
        if (!Files.exists(ws.questions())) {
            err.println("raglens: no questions at " + ws.questions() + "; run: raglens questions --docs " + docs);
            return 1;
        }
        Map<String, Chunk> chunks = new HashMap<>();
        for (Chunk c : ChunksFile.read(ws.chunks())) {
            chunks.put(c.id(), c);
        }
        List<QuestionSample> questions = readQuestions(ws.questions());
        if (questions.isEmpty()) {
            err.println(
                    "raglens: " + ws.questions() + " holds no usable question; run: raglens questions --docs " + docs);
            return 1;
        }
        List<QuestionSample> picked = StratifiedSampler.withSeed(seed).sample(questions, sample);
        String jProvider = judgeProvider == null ? llmProvider : judgeProvider;
        String jModel = judgeModel == null ? llmModel : judgeModel;
        Price judgePrice = price(jProvider, jModel);
        List<Metric> metricList;
        if (dryRun) {
            return dryRun(out, ws, picked, chunks, jProvider + "/" + jModel, judgePrice, cpMode);
        }

        Environment env = Environment.standard(Path.of("").toAbsolutePath());
        LlmProvider llm = Providers.chat(llmProvider, llmModel, env, "--llm-provider");
        LlmProvider judge = judgeProvider == null && judgeModel == null
                ? llm
                : Providers.chat(jProvider, jModel, env, "--judge-provider");
        EmbeddingProvider embeddings = embeddings(env);
        if (!Files.isDirectory(ws.index())) {
            err.println("raglens: no index at " + ws.index() + "; run: raglens index --docs " + docs);
            return 1;
        }
        AnswerGenerator.Summary answers;
        try (LuceneIndex index = LuceneIndex.builder().directory(ws.index()).open()) {
            List<Retriever> rs = new ArrayList<>();
            for (String name : retrievers) {
                rs.add(Retrievers.create(name, index, embeddings, RetrievalConfig.defaults()));
            }
            if (!parent.quiet) {
                out.printf(
                        Locale.ROOT,
                        "answering %d questions x %d retrievers with %s%n",
                        picked.size(),
                        rs.size(),
                        llm.modelName());
            }
            answers = AnswerGenerator.of(llm, k, concurrency).generate(ws.answers(), picked, rs);
        }
        if (answers.stopReason().isPresent()) {
            err.println("raglens: answering stopped: " + answers.stopReason().get());
            return 1;
        }
        Set<String> names = new HashSet<>(retrievers);
        List<AnswerRecord> answerRecords = AnswerGenerator.read(ws.answers()).stream()
                .filter(a -> names.contains(a.retriever()))
                .toList();
        List<EvalCase> cases = EvalCases.from(answerRecords, picked, id -> {
            Chunk c = chunks.get(id);
            return c == null ? null : c.text();
        });

        JudgeSession.Builder sb = JudgeSession.builder(judge)
                .concurrency(concurrency)
                .callCache(ws.dir().resolve("judge-calls.jsonl"))
                .price(judgePrice)
                .embeddings(embeddings);
        if (budgetUsd != null) {
            sb.budgetUsd(budgetUsd);
        }
        ScoringSummary summary;
        try (JudgeSession session = sb.build()) {
            metricList = Metrics.create(metrics, session, cpMode);
            int total = cases.size() * metricList.size();
            try (ProgressBars.Tracker bar = ProgressBars.start(parent, "evaluate", total)) {
                summary = Scorer.builder(ws.scores())
                        .session(session)
                        .metrics(metricList)
                        .progress(p -> bar.update(
                                p.done(),
                                String.format(
                                        Locale.ROOT,
                                        "failed %d, calls %d, tokens %d, $%.4f",
                                        p.failed(),
                                        p.judge().callsSent(),
                                        p.judge().usage().total(),
                                        p.judge().costUsd())))
                        .build()
                        .score(cases);
            }
        }
        Aggregation agg = Aggregation.of(
                Scorer.read(ws.scores()),
                retrievers,
                picked.stream().map(QuestionSample::id).collect(Collectors.toSet()),
                metricList,
                judge.modelName(),
                Bootstrap.defaults(),
                PairedRandomizationTest.defaults());
        print(out, agg);
        Json.mapper()
                .writerWithDefaultPrettyPrinter()
                .writeValue(ws.evaluation().toFile(), agg);
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
        return summary.failed() > 0 || answers.failed() > 0 ? RaglensCli.EXIT_PARTIAL : 0;
    }

    private int dryRun(
            PrintWriter out,
            Workspace ws,
            List<QuestionSample> picked,
            Map<String, Chunk> chunks,
            String judgeName,
            Price judgePrice,
            ContextPrecision.Mode cpMode) {
        int avgChunk = (int) chunks.values().stream()
                .mapToInt(c -> c.text().length())
                .average()
                .orElse(0);
        Price llmPrice = price(llmProvider, llmModel);
        CostEstimate answers = CostEstimate.forAnswers(picked, retrievers, ws.answers(), avgChunk * k, llmPrice);
        // Pairs not answered yet are estimated with the reference answer standing in for the answer.
        Map<String, AnswerRecord> done = new HashMap<>();
        for (AnswerRecord a : AnswerGenerator.read(ws.answers())) {
            if (a.isOk()) {
                done.put(a.retriever() + "\u001f" + a.questionId(), a);
            }
        }
        List<EvalCase> cases = new ArrayList<>();
        for (QuestionSample q : picked) {
            for (String r : retrievers) {
                AnswerRecord a = done.get(r + "\u001f" + q.id());
                List<String> contexts = new ArrayList<>();
                if (a != null) {
                    contexts.addAll(a.contextTexts());
                } else {
                    Chunk source = chunks.get(q.sourceChunkId());
                    for (int i = 0; i < k; i++) {
                        contexts.add(source == null ? "" : source.text());
                    }
                }
                cases.add(new EvalCase(
                        r,
                        q.id(),
                        q.question(),
                        a != null ? a.answer() : "(estimate for " + r + ") " + q.referenceAnswer(),
                        contexts,
                        q.referenceAnswer(),
                        List.of()));
            }
        }
        LlmProvider placeholder = new LlmProvider() {
            @Override
            public String modelName() {
                return judgeName;
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                throw new IllegalStateException("a dry run sends nothing");
            }
        };
        CostEstimate judging;
        try (JudgeSession session = JudgeSession.builder(placeholder)
                .callCache(ws.dir().resolve("judge-calls.jsonl"))
                .price(judgePrice)
                .build()) {
            judging = CostEstimate.forScoring(cases, Metrics.create(metrics, session, cpMode), session, ws.scores());
        }
        out.printf(
                Locale.ROOT,
                "dry run: %d questions x %d retrievers, metrics %s%n",
                picked.size(),
                retrievers.size(),
                String.join(",", metrics));
        out.println("answers (" + llmProvider + "/" + llmModel + "): " + answers.describe());
        out.println("judge (" + judgeName + "): " + judging.describe());
        out.println("total: " + answers.plus(judging).describe());
        return 0;
    }

    private Price price(String provider, String model) {
        if (priceInput != null || priceOutput != null) {
            return Price.of(priceInput == null ? 0 : priceInput, priceOutput == null ? 0 : priceOutput);
        }
        return PriceTable.defaults()
                .price(provider.toLowerCase(Locale.ROOT) + "/" + model)
                .map(p -> Price.of(p.inputPerMillion(), p.outputPerMillion()))
                .orElse(Price.FREE);
    }

    private EmbeddingProvider embeddings(Environment env) {
        return switch (embeddingProvider) {
            case "onnx" ->
                embeddingModel == null || embeddingModel.equals("bge-small-en-v1.5")
                        ? OnnxEmbeddings.bgeSmallEnV15()
                        : OnnxEmbeddings.allMiniLmL6V2();
            default ->
                Providers.embeddings(
                        embeddingProvider,
                        embeddingModel == null ? "nomic-embed-text" : embeddingModel,
                        env,
                        "--embedding-provider");
        };
    }

    static List<QuestionSample> readQuestions(Path file) {
        List<QuestionSample> out = new ArrayList<>();
        try (JsonlStore<QuestionRecord> store = JsonlStore.open(file, QuestionRecord.class, QuestionRecord::chunkId)) {
            for (QuestionRecord r : store.records()) {
                if (r.isSuccess()) {
                    out.add(r.toSample());
                }
            }
        }
        return out;
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
