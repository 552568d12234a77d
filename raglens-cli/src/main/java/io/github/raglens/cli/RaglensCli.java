package io.github.raglens.cli;

import io.github.raglens.error.RagLensException;
import io.github.raglens.error.Setting;
import io.github.raglens.error.SettingException;
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
            TrecEvalCommand.class,
            BaselineCommand.class,
            GateCommand.class,
            StudioCommand.class,
            LabelSampleCommand.class
        },
        footerHeading = "%n",
        footer = "Run `raglens COMMAND --help` for a command's options. Provider keys and hosts come from the"
                + " environment or a .env file in the working directory.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done",
            "1:failed",
            "2:usage error",
            "3:finished, but some files or samples failed (listed, with reasons)",
            "4:gate: significantly worse than the baseline",
            "130:interrupted (Ctrl-C); everything finished is kept, the same command resumes"
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

    /** The workspace when the user names none. */
    static final Path DEFAULT_WORKSPACE = Path.of(".raglens");

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

    /**
     * PDFBox's logger, held likewise, for when commons-logging writes to java.util.logging (over
     * SLF4J, simplelogger.properties quiets it): PDFBox warns about every glyph without a Unicode
     * mapping and every substituted font, hundreds of lines on a paper corpus. What matters to the
     * user, a file that failed or came out without text, is in the ingest report with its reason.
     */
    static final Logger PDFBOX_LOG = Logger.getLogger("org.apache.pdfbox");

    /**
     * Shows java.util.logging records of Lucene from WARNING up and of PDFBox only at SEVERE; the
     * CLI owns logging config.
     */
    static void configureLogging() {
        LUCENE_LOG.setLevel(Level.WARNING);
        PDFBOX_LOG.setLevel(Level.SEVERE);
    }

    /** Exit code of a run stopped by Ctrl-C (SIGINT) or SIGTERM: 128 + the signal, as shells report it. */
    public static final int EXIT_INTERRUPTED = 130;

    /** How long Ctrl-C waits for the running stage to write what it finished and close its files. */
    static final long STOP_GRACE_SECONDS = 20;

    /**
     * Runs the command line and exits with its code. Ctrl-C interrupts the running stage, which keeps
     * every finished record (the JSONL files are appended record by record and closed), waits for it
     * up to {@value #STOP_GRACE_SECONDS} s, and exits with {@value #EXIT_INTERRUPTED}; the same command
     * resumes where it stopped ({@link StopSignals}).
     */
    public static void main(String[] args) {
        PrintWriter err = new PrintWriter(System.err, true);
        System.exit(StopSignals.run(() -> run(args, new PrintWriter(System.out, true), err), err));
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
        Vocabulary.register(cli);
        cli.setParameterExceptionHandler(RaglensCli::usageError);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (StopSignals.stopping()) {
                // The stage ended because Ctrl-C interrupted it; StopSignals has said so.
                return EXIT_INTERRUPTED;
            }
            if (e instanceof SettingException s) {
                commandLine.getErr().println("raglens: " + s.problem() + "; check " + option(s.setting()));
                return CommandLine.ExitCode.SOFTWARE;
            }
            if (e instanceof RagLensException) {
                commandLine.getErr().println("raglens: " + CliTerms.of(e.getMessage()));
                return CommandLine.ExitCode.SOFTWARE;
            }
            throw e;
        });
        return cli.execute(args);
    }

    /** The option that sets what a library remedy names. */
    static String option(Setting setting) {
        return switch (setting) {
            case DOCUMENTS -> "--docs";
            case LLM -> "--llm-model";
            case HOSTED_LLM -> "--llm-provider openai";
            case EMBEDDINGS -> "--embedding-provider";
            case LOCAL_EMBEDDINGS -> "--embedding-provider onnx";
            case WORKSPACE -> "--workspace";
            case BACKEND_ADDRESS -> "--solr-zk or --solr-url";
            case SYSTEM_URL -> "--system-url";
            case RETRIEVER_URL -> "--retriever-url";
            case SERVICE_TOKEN -> "--auth-env";
            case RELEVANCE -> "--relevance";
            case BACKEND -> "--backend";
            case BM25_PARAMETERS -> "--k1 and --b";
            case OWN_NAMES -> "--retriever-name, --system-name";
            case AMBIGUOUS_EVIDENCE -> "--keep-ambiguous-evidence";
            case LENGTH_FAIR -> "--length-fair";
            case SAMPLE -> "--sample";
            case CONTEXTS -> "--k";
            case CONCURRENCY -> "--concurrency";
        };
    }

    /**
     * A usage error: one line naming what is wrong, picocli's suggestions for a mistyped option, and
     * where the options are explained, instead of the whole usage text.
     */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        String name = command.getCommandSpec().qualifiedName();
        err.println(name + ": " + CliTerms.of(e.getMessage()));
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.println("see " + name + " --help");
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }

    /**
     * The command line a user types to run {@code command} in this run's workspace: {@code raglens
     * --workspace W command} when they chose a workspace, else {@code raglens command}.
     *
     * @param command the subcommand and its options, words already quoted with {@link #word}
     */
    String retype(String command) {
        return workspace.equals(DEFAULT_WORKSPACE)
                ? "raglens " + command
                : "raglens --workspace " + word(workspace) + " " + command;
    }

    /** One shell word: the text itself when the shell leaves it alone, else single-quoted. */
    static String word(Object value) {
        String text = String.valueOf(value);
        return text.matches("[A-Za-z0-9_./:=,@%+-]+") ? text : "'" + text.replace("'", "'\\''") + "'";
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
