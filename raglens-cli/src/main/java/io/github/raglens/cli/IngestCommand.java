package io.github.raglens.cli;

import io.github.raglens.parse.CorpusParser;
import io.github.raglens.parse.DocumentParser;
import io.github.raglens.parse.FileOutcome;
import io.github.raglens.parse.IngestReport;
import io.github.raglens.parse.ParseCache;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code raglens ingest --docs DIR}: parses every PDF, Markdown and text file under a folder and writes
 * {@code ingest-report.json} to the workspace. A bad file is listed with its reason and never stops
 * the corpus (exit code 3).
 */
@Command(name = "ingest", description = "Parse (and chunk) every PDF/Markdown/text file under DIR.")
final class IngestCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli parent;

    @Option(names = "--docs", required = true, paramLabel = "DIR", description = "The documents folder.")
    Path docs;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        List<Path> files = CorpusParser.files(docs);
        if (files.isEmpty()) {
            err.println("raglens: no PDF, Markdown or text files under " + docs + "; check --docs");
            return CommandLine.ExitCode.SOFTWARE;
        }
        CorpusParser corpus =
                CorpusParser.cached(DocumentParser.create(), new ParseCache(parent.workspace.resolve("parse-cache")));
        List<IngestReport.Entry> entries = new ArrayList<>();
        int[] done = {0};
        corpus.parse(docs, outcome -> {
            done[0]++;
            entries.add(IngestReport.Entry.from(outcome, 0));
            if (outcome instanceof FileOutcome.Failed f) {
                err.println("raglens: " + f.status().label() + ": " + f.file() + ": " + f.reason());
            } else if (!parent.quiet && !parent.noProgress) {
                out.println("[" + done[0] + "/" + files.size() + "] " + outcome.file());
            }
        });
        IngestReport report = IngestReport.of(entries);
        Path reportFile = parent.workspace.resolve("ingest-report.json");
        report.write(reportFile);
        out.println("parsed " + report.ok() + " of " + entries.size() + " files (" + report.failed() + " failed, "
                + report.noText() + " without text); report: " + reportFile);
        out.flush();
        return report.complete() ? CommandLine.ExitCode.OK : RaglensCli.EXIT_PARTIAL;
    }
}
