package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Every command answers {@code --help} with its usage, exit 0 and nothing on the error streams
 * (picocli writes its formatting warnings to {@link System#err}). The commands are read from the
 * command line itself, so a new command is covered without editing this test.
 */
class HelpTest {

    static Stream<List<String>> commands() {
        List<List<String>> all = new ArrayList<>();
        all.add(List.of());
        new CommandLine(new RaglensCli()).getSubcommands().keySet().forEach(name -> all.add(List.of(name)));
        return all.stream();
    }

    @ParameterizedTest(name = "raglens {0} --help")
    @MethodSource("commands")
    void help_printsUsage_exitsZero_warnsNothing(List<String> command) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> args = new ArrayList<>(command);
        args.add("--help");
        ByteArrayOutputStream systemErr = new ByteArrayOutputStream();
        PrintStream original = System.err;
        int code;
        System.setErr(new PrintStream(systemErr, true, StandardCharsets.UTF_8));
        try {
            code = RaglensCli.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        } finally {
            System.setErr(original);
        }
        assertThat(code).as("exit code").isZero();
        assertThat(err.toString()).isEmpty();
        assertThat(systemErr.toString(StandardCharsets.UTF_8)).isEmpty();
        String usage = command.isEmpty() ? "Usage: raglens " : "Usage: raglens " + command.getFirst();
        assertThat(out.toString()).contains(usage);
    }
}
