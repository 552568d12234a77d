package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * A usage error is one line naming what is wrong and then where the options are explained, never
 * the whole usage text; hints print the command as the user would retype it, workspace included.
 */
class UsageErrorTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    /** Every command but picocli's {@code help}, which takes a command name and no options. */
    static Stream<String> commands() {
        return new CommandLine(new RaglensCli())
                .getSubcommands().keySet().stream().filter(name -> !name.equals("help"));
    }

    @ParameterizedTest(name = "raglens {0} --qqqq")
    @MethodSource("commands")
    void badOption_oneLineAndWhereHelpIs_noUsageText(String command) {
        assertThat(run(command, "--qqqq")).isEqualTo(2);
        String[] lines = err.toString().split("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).startsWith("raglens " + command + ": ");
        assertThat(lines[1]).isEqualTo("see raglens " + command + " --help");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void unknownOption_isNamed() {
        assertThat(run("report", "--frobnicate")).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("raglens report: Unknown option: '--frobnicate'\nsee raglens report --help\n");
    }

    @Test
    void evaluate_negativeSample_namesOnlyThatOption() {
        assertThat(run("evaluate", "--docs", "d", "--sample", "-1")).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("raglens evaluate: --sample must be at least 1, was -1\nsee raglens evaluate --help\n");
    }

    @Test
    void evaluate_zeroConcurrency_namesOnlyThatOption() {
        assertThat(run("evaluate", "--docs", "d", "--concurrency", "0")).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("raglens evaluate: --concurrency must be at least 1, was 0\n"
                        + "see raglens evaluate --help\n");
    }

    @Test
    void index_needsNoDocs_andItsHintKeepsTheWorkspace() {
        Path ws = dir.resolve("my ws");
        assertThat(run("--workspace", ws.toString(), "index")).isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("raglens: no chunks at " + ws.resolve("chunks.jsonl") + "; run first: raglens --workspace '"
                        + ws + "' ingest --docs DIR\n");
    }

    @Test
    void evaluate_hintKeepsTheWorkspaceAndDocs() {
        Path ws = dir.resolve("ws");
        assertThat(run("evaluate", "--docs", "papers", "--workspace", ws.toString()))
                .isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("raglens: no chunks at " + ws.resolve("chunks.jsonl") + "; run: raglens --workspace " + ws
                        + " ingest --docs papers\n");
    }

    @Test
    void retype_defaultWorkspace_isLeftOut() {
        RaglensCli cli = new RaglensCli();
        cli.workspace = RaglensCli.DEFAULT_WORKSPACE;
        assertThat(cli.retype("index")).isEqualTo("raglens index");
    }

    @Test
    void word_quotesWhatTheShellWouldSplit() {
        assertThat(RaglensCli.word(Path.of("a/b.pdf"))).isEqualTo("a/b.pdf");
        assertThat(RaglensCli.word("it's here")).isEqualTo("'it'\\''s here'");
    }
}
