package io.github.raglens.benchmarks;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The benchmark runner: one subcommand per benchmark. Each prints its figures as one JSON object on
 * its last line of output.
 */
@Command(
        name = "benchmarks",
        mixinStandardHelpOptions = true,
        description = "Speed and quality benchmarks of raglens, with peers measured in the same run.",
        subcommands = {
            StoreBenchmark.class,
            LlmLoadBenchmark.class,
            JudgeThroughputBenchmark.class,
            ParseBenchmark.class,
            ParseQualityBenchmark.class,
            FormatsQualityBenchmark.class,
            FormatsSpeedBenchmark.class,
            ChunkBenchmark.class,
            EmbedBenchmark.class,
            RetrievalBenchmark.class,
            SolrCloudBenchmark.class,
            EvalBenchmark.class,
            EvidenceCountBenchmark.class,
            PoolingCallsBenchmark.class,
            EvaluateSpeedBenchmark.class,
            BatchJudgingBenchmark.class,
            StudioBenchmark.class,
            FuzzBenchmark.class,
            OcrBenchmark.class,
            StatisticsBenchmark.class
        })
public final class Benchmarks implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Runs one benchmark named on the command line. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new Benchmarks()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
