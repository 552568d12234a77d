package io.github.raglens.eval.trec;

import io.github.raglens.eval.ScoredId;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes a benchmark's rankings as TREC run files and its targets as qrels (a multi-hop question's two, each relevant). */
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
    public static List<Path> write(BenchmarkResult report, Path dir) {
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        for (QuestionResult r : report.perQuestion()) {
            if (!qrels.containsKey(r.queryId())) {
                Map<String, Integer> relevant = new LinkedHashMap<>();
                r.targets().forEach(target -> relevant.put(target, 1));
                qrels.put(r.queryId(), relevant);
            }
        }
        Map<String, Map<String, List<ScoredId>>> runs = new LinkedHashMap<>();
        for (RetrieverSummary s : report.retrievers()) {
            runs.put(s.retriever(), new LinkedHashMap<>());
        }
        for (QuestionResult r : report.perQuestion()) {
            Map<String, List<ScoredId>> run = runs.get(r.retriever());
            if (run != null) {
                List<ScoredId> ranked = new ArrayList<>();
                for (int i = 0; i < r.ranking().size(); i++) {
                    ranked.add(new ScoredId(r.ranking().get(i), r.scores().get(i)));
                }
                run.put(r.queryId(), ranked);
            }
        }
        return write(dir, new FileNames("TREC files", "qrels.txt", ".run"), qrels, runs);
    }

    /**
     * The names of a set of TREC files.
     *
     * @param what what they are, for the message when they cannot be written
     * @param qrels the qrels file's name
     * @param runSuffix what follows a system's name in its run file's name
     */
    public record FileNames(String what, String qrels, String runSuffix) {}

    /**
     * Writes a qrels file ({@code qid 0 docid grade} per line) and one run file per system ({@code
     * <system><runSuffix>}, the system's name as its run id) into a folder.
     *
     * @param qrels per query id, each judged document's grade, in the order to write
     * @param runs per system, per query id, its documents in rank order
     * @return the files written, qrels first
     * @throws UncheckedIOException if a file cannot be written
     */
    public static List<Path> write(
            Path dir,
            FileNames names,
            Map<String, Map<String, Integer>> qrels,
            Map<String, Map<String, List<ScoredId>>> runs) {
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            Path qrelsFile = dir.resolve(names.qrels());
            try (BufferedWriter w = Files.newBufferedWriter(qrelsFile, StandardCharsets.UTF_8)) {
                for (var q : qrels.entrySet()) {
                    for (var judged : q.getValue().entrySet()) {
                        w.write(q.getKey() + " 0 " + judged.getKey() + " " + judged.getValue() + "\n");
                    }
                }
            }
            written.add(qrelsFile);
            for (var system : runs.entrySet()) {
                Path run = dir.resolve(system.getKey() + names.runSuffix());
                try (BufferedWriter w = Files.newBufferedWriter(run, StandardCharsets.UTF_8)) {
                    for (var q : system.getValue().entrySet()) {
                        List<ScoredId> ranked = q.getValue();
                        for (int i = 0; i < ranked.size(); i++) {
                            w.write(line(
                                    q.getKey(),
                                    ranked.get(i).id(),
                                    i + 1,
                                    ranked.get(i).score(),
                                    system.getKey()));
                        }
                    }
                }
                written.add(run);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + names.what() + " to " + dir + ": " + e.getMessage(), e);
        }
        return written;
    }
}
