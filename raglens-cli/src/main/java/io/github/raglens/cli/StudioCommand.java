package io.github.raglens.cli;

import io.github.raglens.spi.StudioServer;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code raglens studio}: serves the local web application over the workspace until Ctrl-C. */
@Command(
        name = "studio",
        mixinStandardHelpOptions = true,
        description = {
            "Open the studio: every run and what it ran on, each metric's trend across runs, two runs compared"
                    + " (paired tests, Holm), one question with every ranking and answer.",
            "Listens on 127.0.0.1; with --host 0.0.0.0 other hosts are refused unless RAGLENS_STUDIO_TOKEN is set"
                    + " and their requests carry it (Authorization: Bearer, or ?token= once)."
        })
final class StudioCommand implements Callable<Integer> {

    /** The environment variable holding the token other hosts must present. */
    static final String TOKEN_VARIABLE = "RAGLENS_STUDIO_TOKEN";

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--port",
            paramLabel = "N",
            defaultValue = "" + StudioServer.DEFAULT_PORT,
            description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(
            names = "--host",
            paramLabel = "ADDRESS",
            defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    String host;

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65_535) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--port must be in 0-65535, was " + port);
        }
        Optional<String> token =
                Optional.ofNullable(System.getenv(TOKEN_VARIABLE)).filter(t -> !t.isBlank());
        StudioServer.Running started;
        try {
            started = Lenses.builder(parent).build().studio(host, port, token);
        } catch (IllegalArgumentException e) {
            // the port is checked above: what is left is the token's length
            throw new CommandLine.ParameterException(spec.commandLine(), TOKEN_VARIABLE + ": " + e.getMessage());
        }
        try (StudioServer.Running studio = started) {
            spec.commandLine()
                    .getOut()
                    .println("raglens studio: " + studio.url() + " (workspace " + parent.workspace
                            + "); Ctrl-C stops it");
            spec.commandLine().getOut().flush();
            studio.awaitStop();
        }
        return CommandLine.ExitCode.OK;
    }
}
