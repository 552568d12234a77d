package io.github.raglens.eval.trec;

import io.github.raglens.result.BenchmarkReport;
import io.github.raglens.result.BenchmarkReport.QuestionResult;
import io.github.raglens.result.BenchmarkReport.RetrieverSummary;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Writes a benchmark's rankings as TREC run files and its targets as qrels. */
public final class TrecRuns {

    private TrecRuns() {}

    /**
     * One line of a TREC run file, {@code qid Q0 docid rank score runid}, with its line feed.
     *
     * @param rank the 1-based rank
     */
    public static String line(String queryId, String docId, int rank, double score, String runId) {
        return queryId + " Q0 " + docId + " " + rank + " " + score + " " + runId + "\n";
    }

    /**
     * Writes one TREC run file per retriever ({@code <retriever>.run}) and the qrels ({@code
     * qrels.txt}) of a benchmark report into a folder; {@code trec_eval -c} on them gives this report's numbers.
     *
     * @return the files written, qrels first
     * @throws UncheckedIOException if a file cannot be written
     */
    public static List<Path> write(BenchmarkReport report, Path dir) {
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            Path qrels = dir.resolve("qrels.txt");
            Set<String> seen = new LinkedHashSet<>();
            try (BufferedWriter w = Files.newBufferedWriter(qrels, StandardCharsets.UTF_8)) {
                for (QuestionResult r : report.perQuestion()) {
                    if (seen.add(r.queryId())) {
                        w.write(r.queryId() + " 0 " + r.target() + " 1\n");
                    }
                }
            }
            written.add(qrels);
            for (RetrieverSummary s : report.retrievers()) {
                Path run = dir.resolve(s.retriever() + ".run");
                try (BufferedWriter w = Files.newBufferedWriter(run, StandardCharsets.UTF_8)) {
                    for (QuestionResult r : report.perQuestion()) {
                        if (!r.retriever().equals(s.retriever())) {
                            continue;
                        }
                        for (int i = 0; i < r.ranking().size(); i++) {
                            w.write(line(
                                    r.queryId(),
                                    r.ranking().get(i),
                                    i + 1,
                                    r.scores().get(i),
                                    s.retriever()));
                        }
                    }
                }
                written.add(run);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write TREC files to " + dir + ": " + e.getMessage(), e);
        }
        return written;
    }
}
