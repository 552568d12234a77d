package io.github.raglens.cli;

import io.github.raglens.chunk.AuditFinding;
import io.github.raglens.chunk.ChunkedCorpus;
import io.github.raglens.chunk.Chunkers;
import io.github.raglens.chunk.CorpusChunker;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import io.github.raglens.parse.CorpusParser;
import io.github.raglens.parse.DocumentParser;
import io.github.raglens.parse.FileOutcome;
import io.github.raglens.parse.IngestReport;
import io.github.raglens.parse.ParseCache;
import io.github.raglens.spi.Chunker;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.workspace.Workspace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code raglens ingest --docs DIR [--chunker section|sliding|recursive]}: parses every PDF, Markdown
 * and text file under a folder, chunks the parsed documents, audits the chunks and writes {@code
 * chunks.jsonl} and {@code ingest-report.json} to the workspace. A bad file is listed with its reason
 * and never stops the corpus (exit code 3); an error-level audit finding is printed and fails the run
 * (exit code 1), leaving {@code chunks.jsonl} unwritten; warnings (thin chunks) are printed on the
 * output and do not fail it.
 */
@Command(name = "ingest", description = "Parse and chunk every PDF/Markdown/text file under DIR.")
final class IngestCommand implements Callable<Integer> {

    /** Warnings printed one by one before the rest are only counted. */
    static final int WARNINGS_SHOWN = 5;

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
    String chunkerName;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        Chunker chunker;
        try {
            chunker = Chunkers.byName(chunkerName);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--chunker: " + e.getMessage());
        }
        List<Path> files = CorpusParser.files(docs);
        if (files.isEmpty()) {
            err.println("raglens: no PDF, Markdown or text files under " + docs + "; check --docs");
            return CommandLine.ExitCode.SOFTWARE;
        }
        CorpusParser corpus =
                CorpusParser.cached(DocumentParser.create(), new ParseCache(parent.workspace.resolve("parse-cache")));
        List<FileOutcome> outcomes = new ArrayList<>();
        int[] done = {0};
        long parseStart = System.nanoTime();
        corpus.parse(docs, outcome -> {
            done[0]++;
            outcomes.add(outcome);
            if (outcome instanceof FileOutcome.Failed f) {
                err.println("raglens: " + f.status().label() + ": " + f.file() + ": " + f.reason());
            } else if (!parent.quiet && !parent.noProgress) {
                out.println("[" + done[0] + "/" + files.size() + "] " + outcome.file());
            }
        });
        long parseMillis = (System.nanoTime() - parseStart) / 1_000_000;

        List<Document> documents = new ArrayList<>();
        for (FileOutcome o : outcomes) {
            if (o instanceof FileOutcome.Parsed p) {
                documents.add(p.document());
            }
        }
        ChunkedCorpus chunked;
        try {
            chunked = CorpusChunker.of(chunker).chunk(documents);
        } catch (IllegalArgumentException e) {
            err.println("raglens: cannot chunk the corpus: " + e.getMessage());
            return CommandLine.ExitCode.SOFTWARE;
        }

        List<IngestReport.Entry> entries = new ArrayList<>();
        for (FileOutcome o : outcomes) {
            int chunks = o instanceof FileOutcome.Parsed p
                    ? chunked.chunksPerDocument().getOrDefault(p.document().id(), 0)
                    : 0;
            entries.add(IngestReport.Entry.from(o, chunks));
        }
        IngestReport report = IngestReport.of(entries);
        Path reportFile = parent.workspace.resolve("ingest-report.json");
        report.write(reportFile);
        out.println("parsed " + report.ok() + " of " + entries.size() + " files (" + report.failed() + " failed, "
                + report.noText() + " without text); report: " + reportFile);

        printAudit(chunked, out, err);
        if (chunked.audit().hasErrors()) {
            err.println("raglens: the chunk audit found " + chunked.audit().count(AuditFinding.Level.ERROR)
                    + " errors; " + "chunks.jsonl was not written");
            return CommandLine.ExitCode.SOFTWARE;
        }
        Path chunksFile = new Workspace(parent.workspace).chunks();
        ChunksFile.write(chunksFile, chunked.chunks());
        out.println("chunked " + documents.size() + " documents into "
                + chunked.chunks().size() + " chunks ("
                + byType(chunked.chunks()) + ") with " + chunker + " in " + chunked.chunkingMillis()
                + " ms (parsing took "
                + parseMillis + " ms); " + chunked.audit().summary() + "; chunks: " + chunksFile);
        out.flush();
        return report.complete() ? CommandLine.ExitCode.OK : RaglensCli.EXIT_PARTIAL;
    }

    /**
     * Every error on the error stream; the first few warnings and a count of the rest on the output
     * (warnings do not fail the run), unless quiet.
     */
    private void printAudit(ChunkedCorpus chunked, PrintWriter out, PrintWriter err) {
        int warnings = 0;
        for (AuditFinding f : chunked.audit().findings()) {
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

    private static String byType(List<Chunk> chunks) {
        Map<ChunkType, Integer> counts = new EnumMap<>(ChunkType.class);
        for (Chunk c : chunks) {
            counts.merge(c.type(), 1, Integer::sum);
        }
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
