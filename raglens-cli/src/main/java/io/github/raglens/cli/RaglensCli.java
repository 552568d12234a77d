package io.github.raglens.cli;

import io.github.raglens.error.RagLensException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code raglens} command: global options and the subcommands of each stage. */
@Command(
        name = "raglens",
        mixinStandardHelpOptions = true,
        versionProvider = RaglensCli.Version.class,
        description = "Benchmark retrieval strategies and evaluate RAG answers on your own documents.",
        subcommands = {
            CommandLine.HelpCommand.class,
            ParseCommand.class,
            IngestCommand.class,
            IndexCommand.class,
            QuestionsCommand.class,
            BenchmarkCommand.class,
            EvaluateCommand.class,
            ReportCommand.class,
            DemoCommand.class,
            BeirCommand.class,
            TrecEvalCommand.class
        },
        footerHeading = "%n",
        footer = "Run `raglens COMMAND --help` for a command's options. Provider keys and hosts come from the"
                + " environment or a .env file in the working directory.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "1:failed",
            "2:usage error",
            "3:finished, but some files or samples failed (listed, with reasons)"
        })
public final class RaglensCli implements Runnable {

    /** Exit code of a run that finished but left some files or samples failed. */
    public static final int EXIT_PARTIAL = 3;

    @Option(
            names = "--workspace",
            scope = ScopeType.INHERIT,
            paramLabel = "DIR",
            description = "Folder for everything a run makes (default: ${DEFAULT-VALUE}).",
            defaultValue = ".raglens")
    Path workspace;

    @Option(names = "--quiet", scope = ScopeType.INHERIT, description = "Print only errors and results.")
    boolean quiet;

    @Option(names = "--no-progress", scope = ScopeType.INHERIT, description = "Never draw progress bars.")
    boolean noProgress;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * Lucene's java.util.logging logger, held so its level survives garbage collection: Lucene logs
     * at INFO on every start (e.g. which vectorization it uses), which is not news to a CLI user.
     */
    static final Logger LUCENE_LOG = Logger.getLogger("org.apache.lucene");

    /** Shows java.util.logging records of Lucene only from WARNING up; the CLI owns logging config. */
    static void configureLogging() {
        LUCENE_LOG.setLevel(Level.WARNING);
    }

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /**
     * Runs the command line without exiting, for tests and embedding.
     *
     * @return the exit code
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        configureLogging();
        CommandLine cli = new CommandLine(new RaglensCli());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof RagLensException) {
                commandLine.getErr().println("raglens: " + e.getMessage());
                return CommandLine.ExitCode.SOFTWARE;
            }
            throw e;
        });
        return cli.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Reads the version the build wrote into the jar's resources. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            Properties p = new Properties();
            try (InputStream in = RaglensCli.class.getResourceAsStream("version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new String[] {"raglens " + p.getProperty("version", "unknown"), "Java " + Runtime.version()};
        }
    }
}
