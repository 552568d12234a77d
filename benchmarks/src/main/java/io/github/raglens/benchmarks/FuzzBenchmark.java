package io.github.raglens.benchmarks;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Fuzzes raglens's readers for real: one campaign per target, one after the other (never two at once:
 * the machine is shared), each in a JVM of its own under {@code nice -n 19}. Prints per target the
 * executions, the coverage and the findings, and exits 1 when any target had a finding.
 */
@Command(
        name = "fuzz",
        description = "Fuzz campaigns of the readers' fuzz targets (Jazzer), one target at a time: executions,"
                + " coverage and findings per target.")
final class FuzzBenchmark implements Callable<Integer> {

    @Option(
            names = "--target",
            split = ",",
            description = "Targets to fuzz, by name (chunks-file, pdf-layout, …; default: every target).")
    List<String> targets = List.of();

    @Option(names = "--minutes", defaultValue = "10", description = "Minutes of fuzzing per target (default: 10).")
    double minutes;

    @Option(
            names = "--timeout-seconds",
            defaultValue = "120",
            description = "The time limit of one input (default: 120; the targets' regression runs allow 30, but"
                    + " a campaign runs at the lowest priority on a shared machine, and its first input loads and"
                    + " instruments the reader's classes).")
    int timeoutSeconds;

    @Option(
            names = "--keep-going",
            defaultValue = "5",
            description = "Distinct findings after which a target's campaign stops early (default: 5).")
    int keepGoing;

    @Option(names = "--list", description = "List the targets and stop.")
    boolean list;

    @Override
    public Integer call() throws Exception {
        List<FuzzTarget> all = FuzzTarget.discover(Path.of("."));
        if (all.isEmpty()) {
            System.err.println("no fuzz targets found: run it as ./benchmarks/run fuzz, which builds them");
            return 2;
        }
        List<FuzzTarget> chosen = targets.isEmpty()
                ? all
                : targets.stream().map(t -> byName(all, t)).toList();
        if (list) {
            all.forEach(t -> System.out.println(t.name() + "\t" + t.className()));
            return 0;
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        PrintWriter progress = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        Figures figures = new Figures("fuzz").put("minutesPerTarget", minutes);
        System.out.printf(
                Locale.ROOT,
                "%-22s %8s %12s %8s %8s %8s %9s%n",
                "target",
                "minutes",
                "executions",
                "exec/s",
                "cov",
                "ft",
                "findings");
        long totalFindings = 0;
        for (FuzzTarget target : chosen) {
            System.out.printf(
                    Locale.ROOT, "fuzzing %s (%s) for %.1f minutes…%n", target.name(), target.className(), minutes);
            FuzzRun run = FuzzRun.run(java, target, Math.round(minutes * 60), timeoutSeconds, keepGoing, progress);
            totalFindings += run.findings().size();
            System.out.printf(
                    Locale.ROOT,
                    "%-22s %8.1f %12d %8.0f %8d %8d %9d %s%n",
                    target.name(),
                    run.seconds() / 60,
                    run.executions(),
                    run.executions() / run.seconds(),
                    run.coverage(),
                    run.features(),
                    run.findings().size(),
                    run.findings().isEmpty() ? "" : run.findings());
            figures.put(target.name() + ".minutes", run.seconds() / 60, 1)
                    .put(target.name() + ".executions", run.executions())
                    .put(target.name() + ".coverage", run.coverage())
                    .put(target.name() + ".features", run.features())
                    .put(target.name() + ".corpus", run.corpus())
                    .put(target.name() + ".findings", run.findings().size());
        }
        figures.put("findings", totalFindings).print();
        return totalFindings == 0 ? 0 : 1;
    }

    private static FuzzTarget byName(List<FuzzTarget> all, String name) {
        return all.stream()
                .filter(t -> t.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no fuzz target '" + name + "'; the targets are "
                        + all.stream().map(FuzzTarget::name).toList()));
    }
}
