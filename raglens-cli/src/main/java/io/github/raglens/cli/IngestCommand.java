package io.github.raglens.cli;

import io.github.raglens.Documents;
import io.github.raglens.RagLens;
import io.github.raglens.facade.cli.Chunkers;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.ChunkerKind;
import io.github.raglens.result.ChunkAudit;
import io.github.raglens.result.ChunkAudit.AuditFinding;
import io.github.raglens.result.IngestReport;
import io.github.raglens.result.IngestResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code raglens ingest --docs DIR [--chunker section|sliding|recursive]}: parses every PDF, Word, PowerPoint, Excel, HTML, EPUB, Markdown
 * and text file under a folder, chunks the parsed documents, audits the chunks and writes {@code
 * chunks.jsonl} and {@code ingest-report.json} to the workspace, and says what it saw per format
 * (files, pages, slides or sheets, headings, tables, characters); a file whose text looks garbled is named with why. A bad file is listed with
 * its reason and never stops the corpus (exit code 3); an error-level audit finding is printed and fails the run
 * (exit code 1), leaving {@code chunks.jsonl} unwritten; warnings (thin chunks) are printed on the
 * output and do not fail it.
 */
@Command(
        name = "ingest",
        mixinStandardHelpOptions = true,
        description =
                "Parse and chunk every PDF, Word, PowerPoint, Excel, HTML, EPUB, Markdown and text file, and"
                        + " every scanned page's image (PNG, JPEG, TIFF, read by OCR), under DIR (--chunker section|sliding|recursive).")
final class IngestCommand implements Callable<Integer> {

    /** Warnings printed one by one before the rest are only counted. */
    static final int WARNINGS_SHOWN = 5;

    /** Unsupported files named in the summary line before the rest are only counted. */
    static final int SKIPPED_NAMED = 5;

    @ParentCommand
    RaglensCli parent;

    @Option(names = "--docs", required = true, paramLabel = "DIR", description = "The documents folder.")
    Path docs;

    @Option(
            names = "--chunker",
            paramLabel = "NAME",
            defaultValue = "section",
            description = "How to chunk: section (section-aware, default), sliding (fixed 1,000/200 window across "
                    + "the document) or recursive (recursive splitter ignoring sections).")
    ChunkerKind chunker;

    @CommandLine.Mixin
    OcrLanguageOption ocr;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        RagLens lens = Lenses.builder(parent)
                .chunker(Chunkers.of(chunker))
                .ocrLanguages(ocr.languages)
                .build();
        boolean lines = !parent.quiet && !parent.noProgress;
        IngestResult result = lens.ingest(docs, (stage, done, total, file) -> {
            if (lines) {
                out.println("[" + done + "/" + total + "] " + file);
            }
        });
        IngestReport report = result.report();
        for (IngestReport.Entry e : report.files()) {
            if (!e.reason().isEmpty()) {
                err.println("raglens: " + e.status() + ": " + e.file() + ": " + e.reason());
            }
            if (e.garbled()) {
                err.println("raglens: garbled: " + e.file() + ": " + e.garbledReason());
            }
        }
        Path reportFile = lens.workspace().ingestReport();
        out.println("parsed " + report.ok() + " of " + report.files().size() + " files (" + report.damaged()
                + " damaged, " + report.failed() + " failed, " + report.noText() + " without text)"
                + skipped(report.unsupported()) + "; report: " + reportFile);
        if (!parent.quiet) {
            report.totalsByFormat().forEach(t -> out.println("  " + t.describe()));
        }

        printAudit(result.audit(), out, err);
        if (result.audit().hasErrors()) {
            err.println("raglens: the chunk audit found " + result.audit().count(AuditFinding.Level.ERROR) + " errors; "
                    + "chunks.jsonl was not written");
            return CommandLine.ExitCode.SOFTWARE;
        }
        out.println("chunked " + result.documents() + " documents into "
                + result.chunks() + " chunks ("
                + byType(result.chunksByType()) + ") with " + lens.chunker() + " in " + result.chunkingMillis()
                + " ms (parsing took "
                + result.parseMillis() + " ms); " + result.audit().summary() + "; chunks: "
                + lens.workspace().chunks());
        out.flush();
        return report.complete() ? CommandLine.ExitCode.OK : RaglensCli.EXIT_PARTIAL;
    }

    /**
     * Every error on the error stream; the first few warnings and a count of the rest on the output
     * (warnings do not fail the run), unless quiet.
     */
    private void printAudit(ChunkAudit audit, PrintWriter out, PrintWriter err) {
        int warnings = 0;
        for (AuditFinding f : audit.findings()) {
            if (f.level() == AuditFinding.Level.ERROR) {
                err.println("raglens: audit: " + f);
            } else if (warnings++ < WARNINGS_SHOWN && !parent.quiet) {
                out.println("audit: " + f);
            }
        }
        if (warnings > WARNINGS_SHOWN && !parent.quiet) {
            out.println("audit: ... and " + (warnings - WARNINGS_SHOWN) + " more warnings");
        }
    }

    /** The files skipped for their type, the first few by name: {@code ; skipped 2 files of unsupported types: …}. */
    private static String skipped(List<String> unsupported) {
        if (unsupported.isEmpty()) {
            return "";
        }
        String named = String.join(", ", unsupported.subList(0, Math.min(SKIPPED_NAMED, unsupported.size())));
        return "; skipped " + unsupported.size() + (unsupported.size() == 1 ? " file" : " files")
                + " of unsupported types (raglens reads " + Documents.formatNames("and") + "): " + named
                + (unsupported.size() > SKIPPED_NAMED
                        ? " and " + (unsupported.size() - SKIPPED_NAMED) + " more (all in the report)"
                        : "");
    }

    private static String byType(Map<ChunkType, Integer> counts) {
        StringBuilder sb = new StringBuilder();
        for (ChunkType t : ChunkType.values()) {
            if (!sb.isEmpty()) {
                sb.append(", ");
            }
            sb.append(counts.getOrDefault(t, 0)).append(' ').append(t.name());
        }
        return sb.toString();
    }
}
