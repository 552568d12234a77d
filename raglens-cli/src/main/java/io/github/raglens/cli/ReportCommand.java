package io.github.raglens.cli;

import io.github.raglens.RagLens;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code raglens report}: writes report.html and report.md from the workspace. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Write report.html (self-contained), report.md and the run files.")
final class ReportCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Path html = RagLens.builder().workspace(parent.workspace).build().report();
        spec.commandLine().getOut().println("report: " + html);
        spec.commandLine().getOut().flush();
        return CommandLine.ExitCode.OK;
    }
}
