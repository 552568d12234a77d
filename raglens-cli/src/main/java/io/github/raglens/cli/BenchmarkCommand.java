package io.github.raglens.cli;

import io.github.raglens.RagLens;
import io.github.raglens.facade.cli.HttpServices;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.Judged;
import io.github.raglens.result.BenchmarkResult.LengthFair;
import io.github.raglens.result.BenchmarkResult.PairwiseComparison;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.result.BenchmarkResult.Selection;
import io.github.raglens.result.JudgedRelevanceResult;
import io.github.raglens.result.MetricSummary;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.Retriever;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code raglens benchmark}: every retriever over every question, with intervals and tests. */
@Command(
        name = "benchmark",
        mixinStandardHelpOptions = true,
        description = "Benchmark retrievers on the generated questions: Hit@K, MRR, nDCG, Recall, MAP with"
                + " bootstrap 95%% intervals and paired tests; writes benchmark.json and TREC run files. With"
                + " --relevance judged, every retriever's top K passages are pooled and graded 0-3 by the judge, and"
                + " each retriever is measured on the grades beside its evidence table (graded qrels written beside"
                + " the runs).")
final class BenchmarkCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli cli;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    BackendOption backend;

    @Option(names = "--docs", paramLabel = "DIR", required = true, description = "The corpus folder (ingested).")
    Path docs;

    @Option(
            names = "--retrievers",
            paramLabel = "LIST",
            split = ",",
            description = "Retrievers to compare, of ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    List<RetrieverKind> retrieverKinds = RetrieverKind.defaults();

    @Option(names = "--k", paramLabel = "LIST", split = ",", defaultValue = "1,3,5,10", description = "Cutoffs.")
    List<Integer> ks;

    @Option(
            names = "--relevance",
            paramLabel = "MODE",
            defaultValue = "chunk",
            description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Relevance relevance;

    @Option(
            names = "--embedding-provider",
            paramLabel = "PROVIDER",
            defaultValue = "onnx",
            description = "Embeds the queries of dense and hybrid retrieval: onnx (local), ollama or openai;"
                    + " (default: the model the index was built with, else ${DEFAULT-VALUE}).")
    ProviderKind embeddingProvider;

    @Option(
            names = "--embedding-model",
            paramLabel = "NAME",
            description = "Embedding model (default per provider: bge-small-en-v1.5, nomic-embed-text,"
                    + " text-embedding-3-small).")
    String embeddingModel;

    @Option(
            names = "--retriever-url",
            paramLabel = "URL",
            description = "A search service of your own, benchmarked beside --retrievers (repeatable): raglens"
                    + " POSTs {\"query\": \"...\", \"k\": 10} and reads {\"results\": [{\"text\": \"...\","
                    + " \"id\": \"...\", \"score\": 0.5, \"source\": \"file.pdf\", \"page\": 3}]} (only text"
                    + " required). Grade it with --relevance evidence (or document when source names a file).")
    List<String> retrieverUrls = List.of();

    @Option(
            names = "--retriever-name",
            paramLabel = "NAME",
            description = "Name of the --retriever-url at the same position (default: its host, port and path).")
    List<String> retrieverUrlNames = List.of();

    @Option(
            names = "--auth-env",
            paramLabel = "VAR",
            description = "Environment variable (or .env entry) with a token for every --retriever-url, sent as"
                    + " Authorization: Bearer <token>; never logged.")
    String authEnv;

    @Option(
            names = "--length-fair",
            paramLabel = "N",
            arity = "0..1",
            fallbackValue = "0",
            description = "Evidence relevance: show beside the default the length-fair comparison, where every"
                    + " retriever's contexts are read in rank order as one text cut into ranks of N characters, so"
                    + " long contexts cannot win by length alone (N default: the shortest mean context length). It"
                    + " is shown anyway when the mean context lengths differ twofold or more.")
    Integer lengthFair;

    @Option(
            names = "--keep-ambiguous-evidence",
            description = "Evidence relevance: keep questions whose evidence quote is ambiguous (fewer words than"
                    + " --evidence-min-words, or in more chunks than --evidence-max-chunks), counted apart; by"
                    + " default they are left out and counted by reason.")
    boolean keepAmbiguousEvidence;

    @Option(
            names = "--evidence-min-words",
            paramLabel = "N",
            defaultValue = "6",
            description = "Evidence relevance: fewest words an evidence quote needs to identify its passage"
                    + " (default: ${DEFAULT-VALUE}).")
    int evidenceMinWords;

    @Option(
            names = "--evidence-max-chunks",
            paramLabel = "N",
            defaultValue = "3",
            description = "Evidence relevance: most chunks of the corpus an evidence quote may occur in (default:"
                    + " ${DEFAULT-VALUE}: a fragment, its parent section and an overlapping fragment).")
    int evidenceMaxChunks;

    @Option(
            names = "--judge-provider",
            paramLabel = "PROVIDER",
            defaultValue = "ollama",
            description = "Judged relevance: the judge's provider, ollama, openai or groq (default: ${DEFAULT-VALUE}).")
    ProviderKind judgeProvider;

    @Option(
            names = "--judge-model",
            paramLabel = "NAME",
            description = "Judged relevance: the judge model (default per provider: llama3.2, gpt-4o-mini,"
                    + " llama-3.1-8b-instant).")
    String judgeModel;

    @Option(
            names = "--judge-only",
            description = "Judged relevance: pool every retriever's top K passages (K the largest --k) and have the"
                    + " judge grade them, write the graded qrels and pooled runs into runs/, and stop there; the"
                    + " benchmark run after it finds the grades in the judge's call cache and sends nothing for them.")
    boolean judgeOnly;

    @Option(
            names = "--dry-run",
            description = "With --judge-only: count the grading calls (pooled passages, same ones merged, less those"
                    + " holding the evidence and those whose grade is cached) and their cost; send nothing.")
    boolean dryRun;

    @Option(
            names = "--batch",
            description = "With --judge-only: send the grading calls through OpenAI's Batch API at half the price (the"
                    + " judge must be an OpenAI model; batches may take up to a day, and a stopped run waits for them"
                    + " when run again).")
    boolean batch;

    /** Makes the judge of judged relevance from --judge-provider and --judge-model; a seam for tests. */
    static QuestionsCommand.LlmFactory judgeFactory = BenchmarkCommand::defaultJudge;

    static LlmProvider defaultJudge(ProviderKind provider, String model) {
        return ProviderChoice.chat("--judge-provider", provider, model, Lenses.workingDirectory(), OptionalInt.empty());
    }

    /** Replaces the built-in retrievers with others over the workspace's chunks; a seam for tests. */
    interface RetrieverFactory {
        List<Retriever> create(List<RetrieverKind> kinds, Path workspace);
    }

    /** Null: the built-in retrievers named by {@code --retrievers}, over the workspace's index. */
    static RetrieverFactory retrieverFactory;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RagLens.Builder builder = backend.applyTo(Lenses.builder(cli));
        if (evidenceMinWords < 1 || evidenceMaxChunks < 1) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    (evidenceMinWords < 1
                            ? "--evidence-min-words must be >= 1, was " + evidenceMinWords
                            : "--evidence-max-chunks must be >= 1, was " + evidenceMaxChunks));
        }
        if ((judgeOnly || dryRun || batch) && relevance != Relevance.JUDGED) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    (judgeOnly ? "--judge-only" : dryRun ? "--dry-run" : "--batch")
                            + " grades passages for judged relevance; add --relevance judged");
        }
        if ((dryRun || batch) && !judgeOnly) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    (dryRun ? "--dry-run" : "--batch") + " applies to the grading alone; add --judge-only");
        }
        builder.relevance(relevance)
                .evidenceThresholds(evidenceMinWords, evidenceMaxChunks)
                .keepAmbiguousEvidence(keepAmbiguousEvidence);
        if (relevance == Relevance.JUDGED) {
            ProviderChoice.requireChat(spec, "--judge-provider", judgeProvider);
            LlmProvider judge = judgeFactory.create(judgeProvider, judgeModel);
            builder.judge(() -> judge);
        }
        RagLens stored = Lenses.builder(cli).bm25().build();
        Path questionsFile = stored.workspace().questions();
        List<QuestionSample> questions = stored.storedQuestions();
        if (questions.isEmpty()) {
            err.println("raglens benchmark: no questions in " + questionsFile + "; run `"
                    + cli.retype("questions --docs " + RaglensCli.word(docs)) + "` first");
            return CommandLine.ExitCode.SOFTWARE;
        }
        long success = questions.stream()
                .filter(q -> q.status().name().equals("SUCCESS"))
                .count();
        if (success == 0) {
            long skipped = questions.stream()
                    .filter(q -> q.status().name().equals("SKIP"))
                    .count();
            err.println("raglens benchmark: no usable questions in " + questionsFile + ": 0 succeeded, " + skipped
                    + " skipped, " + (questions.size() - skipped) + " failed; check the LLM with `"
                    + cli.retype("questions --docs " + RaglensCli.word(docs) + " --limit 5")
                    + "` or try another --llm-model");
            return CommandLine.ExitCode.SOFTWARE;
        }
        try {
            builder.k(ks.stream().mapToInt(Integer::intValue).toArray());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--k: " + e.getMessage());
        }
        if (retrieverFactory != null) {
            builder.retrievers().noEmbeddings();
            retrieverFactory.create(retrieverKinds, cli.workspace).forEach(builder::retriever);
        } else {
            builder.retrievers(retrieverKinds.toArray(RetrieverKind[]::new));
            if (retrieverKinds.stream().anyMatch(RetrieverKind::usesEmbeddings)) {
                Lenses.queryEmbeddings(builder, spec, embeddingProvider, embeddingModel);
            } else {
                builder.noEmbeddings();
            }
        }
        try {
            addServices(builder);
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("raglens benchmark: " + CliTerms.of(e.getMessage()));
            return CommandLine.ExitCode.USAGE;
        }
        BenchmarkResult report;
        RagLens lens;
        try {
            lens = builder.build();
        } catch (IllegalStateException e) {
            err.println("raglens benchmark: " + CliTerms.of(e.getMessage()));
            return CommandLine.ExitCode.USAGE;
        }
        if (judgeOnly) {
            return judgeOnly(lens, questions, out, err);
        }
        try (StageProgress progress = new StageProgress(cli)) {
            report = lens.benchmark(progress);
        } catch (IllegalArgumentException e) {
            err.println("raglens benchmark: " + CliTerms.of(e.getMessage()));
            return CommandLine.ExitCode.SOFTWARE;
        }
        report.warnings().forEach(w -> err.println("raglens benchmark: warning: " + CliTerms.of(w)));
        // --quiet silences progress, never the result
        print(out, report);
        out.println("wrote " + cli.workspace.resolve("benchmark.json") + " and TREC runs in "
                + cli.workspace.resolve("runs"));
        return ungraded(report.judged().pool(), err);
    }

    /** --judge-only: the pooled passages graded (or, with --dry-run, counted), no benchmark. */
    private int judgeOnly(RagLens lens, List<QuestionSample> stored, PrintWriter out, PrintWriter err) {
        List<QuestionSample> questions =
                stored.stream().filter(QuestionSample::isSuccess).toList();
        int depth = ks.stream().mapToInt(Integer::intValue).max().orElseThrow();
        if (dryRun) {
            out.printf(
                    Locale.ROOT,
                    "judged relevance, dry run: %s to grade the pooled passages of the questions the benchmark"
                            + " measures at depth %d%s (passages holding the evidence and grades in the call cache"
                            + " cost nothing)%n",
                    lens.estimateJudgedRelevance(questions, depth, batch).describe(),
                    depth,
                    batch ? " by the Batch API" : "");
            return CommandLine.ExitCode.OK;
        }
        JudgedRelevanceResult pool;
        try (StageProgress progress = new StageProgress(cli)) {
            pool = lens.judgeRelevance(questions, depth, batch, progress);
        }
        out.println(pool.describe());
        out.println("wrote the graded qrels and pooled runs in " + cli.workspace.resolve("runs") + "; run `"
                + cli.retype("benchmark --docs " + RaglensCli.word(docs) + " --relevance judged") + "` to measure"
                + " the retrievers on them");
        return ungraded(pool, err);
    }

    /** Exit 3, naming the reasons, when some pooled passages could not be graded. */
    private static int ungraded(JudgedRelevanceResult pool, PrintWriter err) {
        if (pool.ungradedCount() == 0) {
            return CommandLine.ExitCode.OK;
        }
        err.println("raglens benchmark: " + pool.ungradedCount() + " pooled passages could not be graded "
                + new java.util.TreeMap<>(pool.ungraded())
                + " and are left out of the graded qrels; run again to grade them");
        return 3;
    }

    /** The --retriever-url services with their names and token, and the length-fair window. */
    private void addServices(RagLens.Builder builder) {
        if (retrieverUrlNames.size() > retrieverUrls.size()) {
            throw new IllegalArgumentException("--retriever-name is given " + retrieverUrlNames.size()
                    + " times but --retriever-url " + retrieverUrls.size() + "; give one name per URL");
        }
        HttpServices services = HttpServices.withToken(authEnv, Lenses.workingDirectory());
        for (int i = 0; i < retrieverUrls.size(); i++) {
            builder.retriever(services.retriever(
                    i < retrieverUrlNames.size() ? retrieverUrlNames.get(i) : null, retrieverUrls.get(i)));
        }
        if (lengthFair != null) {
            builder.lengthFair(lengthFair);
        }
    }

    private static void print(PrintWriter out, BenchmarkResult report) {
        Selection selection = report.selection();
        out.printf(
                Locale.ROOT,
                "%s, relevance %s%s, 95%% intervals (exact binomial for 0/1 scores, BCa bootstrap for graded)%n",
                selection.excluded().isEmpty() && selection.ambiguousKept() == 0
                        ? report.questions() + " questions"
                        : selection.describe(),
                report.relevance(),
                report.judged().made() ? " (this table by evidence, the judge's grades below)" : "");
        table(out, report.ks(), report.retrievers(), report.comparisons(), true);
        out.println("p50 ms: " + report.latencyTiming().describe());
        StyleOverlapLines.print(out, report.styleAndOverlap(), report.ks());
        LengthFair fair = report.lengthFair();
        if (fair.made()) {
            out.printf(
                    Locale.ROOT,
                    "length-fair (%s): every retriever read %d characters a rank, Hit@K within the first K x %d%n",
                    fair.reason(),
                    fair.chars(),
                    fair.chars());
            table(out, report.ks(), fair.retrievers(), fair.comparisons(), false);
        }
        Judged judged = report.judged();
        if (judged.made()) {
            out.println("judged relevance: hit and MRR at the first passage of grade 2 or more, nDCG with the grades"
                    + " 0-3 as gains");
            table(out, report.ks(), judged.retrievers(), judged.comparisons(), false);
            report.judgedSummary().forEach(out::println);
        }
    }

    /** The headline metrics with their intervals, one row per retriever, and the significant differences in MRR. */
    private static void table(
            PrintWriter out,
            List<Integer> ks,
            List<RetrieverSummary> retrievers,
            List<PairwiseComparison> comparisons,
            boolean latency) {
        int maxK = ks.getLast();
        List<String> columns = new ArrayList<>();
        ks.forEach(k -> columns.add("hit@" + k));
        columns.add("mrr@" + maxK);
        columns.add("ndcg@" + maxK);
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-14s", "retriever"));
        columns.forEach(c -> header.append(String.format(Locale.ROOT, " %-19s", c)));
        if (latency) {
            header.append(" p50 ms");
        }
        out.println(header.toString().stripTrailing());
        for (RetrieverSummary s : retrievers) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-14s", s.retriever()));
            for (String c : columns) {
                MetricSummary m = s.metrics().get(c);
                row.append(String.format(Locale.ROOT, " %.3f [%.3f,%.3f]", m.mean(), m.lower(), m.upper()));
            }
            if (latency) {
                row.append(String.format(Locale.ROOT, " %.1f", s.latency().p50Millis()));
            }
            out.println(row);
        }
        for (PairwiseComparison c : comparisons) {
            if (c.significant() && c.metric().equals("mrr@" + maxK)) {
                out.printf(
                        Locale.ROOT,
                        "%s vs %s: mrr@%d differs by %+.3f (Holm-adjusted p = %.4f)%n",
                        c.a(),
                        c.b(),
                        maxK,
                        c.meanDifference(),
                        c.adjustedPValue());
            }
        }
    }
}
