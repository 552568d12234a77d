package io.github.raglens.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One campaign of one target: Jazzer in a JVM of its own at the lowest priority, on the target
 * module's test class path, for a fixed time. What libFuzzer prints is kept in {@code
 * <module>/target/fuzz/<target>/campaign.log}; the inputs it finds that cover more are kept in that
 * folder's {@code .cifuzz-corpus} for the next campaign, and the inputs that fail in its {@code
 * findings} folder.
 *
 * @param executions inputs run
 * @param coverage edges of raglens's code covered at the end
 * @param features libFuzzer's finer coverage features at the end
 * @param corpus inputs in the corpus at the end
 * @param findings the inputs written as failing (crash, timeout, out of memory), by file name
 * @param seconds the campaign's wall time
 */
record FuzzRun(long executions, long coverage, long features, long corpus, List<String> findings, double seconds) {

    /** Each fuzzed module's test class path, written by {@code ./benchmarks/run fuzz} before it starts. */
    static final String CLASSPATH_FILE = "target/fuzz-classpath.txt";

    /** The classes whose coverage guides the fuzzer. */
    private static final String INSTRUMENTED = "io.github.raglens.**";

    private static final Pattern STATUS = Pattern.compile("^#(\\d+)\\s+\\S+\\s+cov: (\\d+) ft: (\\d+) corp: (\\d+)/");
    private static final Pattern EXECUTED = Pattern.compile("^stat::number_of_executed_units: (\\d+)");
    private static final Pattern WRITTEN = Pattern.compile("Test unit written to (\\S+)");

    /**
     * Runs a campaign and waits for it.
     *
     * @param java the java launcher
     * @param target the target
     * @param seconds how long libFuzzer fuzzes
     * @param timeoutSeconds the time limit of one input
     * @param keepGoing the distinct findings after which the campaign stops early
     * @param progress where each status line of libFuzzer is echoed, for a person watching
     */
    static FuzzRun run(
            String java, FuzzTarget target, long seconds, int timeoutSeconds, int keepGoing, PrintWriter progress)
            throws IOException, InterruptedException {
        Path folder = target.module().resolve("target/fuzz").resolve(target.name());
        Path findings = folder.resolve("findings");
        Files.createDirectories(findings);
        String classPath = target.module().resolve("target/test-classes").toAbsolutePath() + ":"
                + target.module().resolve("target/classes").toAbsolutePath() + ":"
                + Files.readString(target.module().resolve(CLASSPATH_FILE)).strip();
        List<String> command = new ArrayList<>(List.of(
                "nice",
                "-n",
                "19",
                java,
                "-Xmx2g",
                "-XX:+EnableDynamicAgentLoading",
                "--enable-native-access=ALL-UNNAMED",
                "-Draglens.sharedData="
                        + Path.of(System.getProperty("raglens.sharedData", "../shared/data"))
                                .toAbsolutePath(),
                "-cp",
                classPath,
                "com.code_intelligence.jazzer.Jazzer",
                "--target_class=" + target.className(),
                "--instrumentation_includes=" + INSTRUMENTED,
                "--keep_going=" + keepGoing,
                "-max_total_time=" + seconds,
                "-timeout=" + timeoutSeconds,
                "-print_final_stats=1",
                "-artifact_prefix=" + findings.toAbsolutePath() + "/"));
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command)
                .directory(folder.toFile())
                .redirectErrorStream(true)
                .start();
        // A campaign stopped (Ctrl-C) stops its fuzzer too: none may be left running on a shared machine.
        Thread stopFuzzer = new Thread(p::destroyForcibly);
        Runtime.getRuntime().addShutdownHook(stopFuzzer);
        long executions = 0;
        long coverage = 0;
        long features = 0;
        long corpus = 0;
        List<String> written = new ArrayList<>();
        try (BufferedReader out =
                        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                PrintWriter log = new PrintWriter(Files.newBufferedWriter(folder.resolve("campaign.log")))) {
            String line;
            while ((line = out.readLine()) != null) {
                log.println(line);
                Matcher m = STATUS.matcher(line);
                if (m.find()) {
                    executions = Long.parseLong(m.group(1));
                    coverage = Long.parseLong(m.group(2));
                    features = Long.parseLong(m.group(3));
                    corpus = Long.parseLong(m.group(4));
                    if (line.contains("pulse") || line.contains("DONE") || line.contains("INITED")) {
                        progress.printf(Locale.ROOT, "  %s: %s%n", target.name(), line);
                        progress.flush();
                    }
                }
                m = EXECUTED.matcher(line);
                if (m.find()) {
                    executions = Long.parseLong(m.group(1));
                }
                m = WRITTEN.matcher(line);
                if (m.find()) {
                    String file = Path.of(m.group(1)).getFileName().toString();
                    if (!file.startsWith("slow-unit")) {
                        written.add(file);
                    }
                }
            }
        }
        p.waitFor();
        Runtime.getRuntime().removeShutdownHook(stopFuzzer);
        return new FuzzRun(executions, coverage, features, corpus, written, (System.nanoTime() - start) / 1e9);
    }

    /** The failing inputs kept from every campaign of a target, for a person to look at. */
    static List<Path> keptFindings(FuzzTarget target) throws IOException {
        Path findings =
                target.module().resolve("target/fuzz").resolve(target.name()).resolve("findings");
        if (!Files.isDirectory(findings)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(findings)) {
            return files.sorted().toList();
        }
    }
}
