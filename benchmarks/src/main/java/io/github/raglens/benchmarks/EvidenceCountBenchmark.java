package io.github.raglens.benchmarks;

import io.github.raglens.chunk.SectionChunker;
import io.github.raglens.eval.evidence.Evidence;
import io.github.raglens.eval.evidence.EvidenceIndex;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.retrieval.BeirDataset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * How fast the benchmark's question selection counts, for every question, the chunks holding its
 * evidence quote: {@link EvidenceIndex} (built once, then a lookup per quote) against the plain
 * scan it replaces (every chunk's normalised text searched for every quote), on real text: BEIR
 * SciFact's abstracts cut by the section chunker into tens of thousands of chunks, and one quote per
 * chunk as question generation gives, most a sentence of 6 to 16 words, some two words (which the
 * index cannot narrow down and scans for). The scan is timed on a seeded sample of the quotes, and
 * the two counts are compared there (exit 1 if any differs).
 */
@Command(
        name = "evidence-count",
        description = "Counting the chunks that hold each evidence quote: EvidenceIndex vs a scan of every chunk.")
final class EvidenceCountBenchmark implements Callable<Integer> {

    @Option(
            names = "--dataset",
            defaultValue = "../shared/data/beir-scifact",
            description = "BEIR SciFact folder (default: ${DEFAULT-VALUE}).")
    Path dataset;

    @Option(names = "--chunks", defaultValue = "30000", description = "Chunks at most (default: ${DEFAULT-VALUE}).")
    int chunks;

    @Option(
            names = "--short-share",
            defaultValue = "0.1",
            description = "Share of two-word quotes (default: ${DEFAULT-VALUE}).")
    double shortShare;

    @Option(
            names = "--scan-quotes",
            defaultValue = "300",
            description = "Quotes the scan is timed on, a seeded sample (default: ${DEFAULT-VALUE}).")
    int scanQuotes;

    @Option(names = "--runs", defaultValue = "3", description = "Timed runs; medians reported (default: 3).")
    int runs;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the quotes (default: 42).")
    long seed;

    @Override
    public Integer call() {
        List<Chunk> corpus = corpus();
        Random random = new Random(seed);
        List<String> quotes = new ArrayList<>(corpus.size());
        List<String> sentences = new ArrayList<>();
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < corpus.size(); i++) {
            boolean twoWords = random.nextDouble() < shortShare;
            String quote = quote(
                    corpus.get(random.nextInt(corpus.size())).text(), twoWords ? 2 : 6 + random.nextInt(11), random);
            quotes.add(quote);
            (twoWords ? pairs : sentences).add(quote);
        }
        List<String> sample = new ArrayList<>(quotes.subList(0, Math.min(scanQuotes, quotes.size())));
        long chars = corpus.stream().mapToLong(c -> c.text().length()).sum();
        System.out.printf(
                "%d chunks (%.1f MB of text), %d quotes (%d of two words), scan timed on %d%n",
                corpus.size(), chars / 1e6, quotes.size(), pairs.size(), sample.size());
        EvidenceRule rule = EvidenceRule.defaults();
        double[] build = new double[runs];
        double[] checkSentences = new double[runs];
        double[] checkPairs = new double[runs];
        double[] scan = new double[runs];
        double[] indexOnSample = new double[runs];
        int mismatches = 0;
        int problems = 0;
        for (int r = 0; r < runs; r++) {
            long t0 = System.nanoTime();
            EvidenceIndex index = EvidenceIndex.of(corpus);
            long t1 = System.nanoTime();
            problems = check(rule, index, sentences);
            long t2 = System.nanoTime();
            problems += check(rule, index, pairs);
            long t3 = System.nanoTime();
            int[] fromIndex = new int[sample.size()];
            for (int i = 0; i < sample.size(); i++) {
                fromIndex[i] = index.count(sample.get(i));
            }
            long t4 = System.nanoTime();
            // the scan: every chunk's text normalised once, as the index does, then searched for every quote
            String[] texts =
                    corpus.stream().map(c -> Evidence.normalize(c.text())).toArray(String[]::new);
            long t5 = System.nanoTime();
            mismatches = 0;
            for (int i = 0; i < sample.size(); i++) {
                String q = Evidence.normalize(sample.get(i));
                int n = 0;
                for (String text : texts) {
                    n += !q.isEmpty() && text.contains(q) ? 1 : 0;
                }
                mismatches += n == fromIndex[i] ? 0 : 1;
            }
            long t6 = System.nanoTime();
            build[r] = (t1 - t0) / 1e6;
            checkSentences[r] = (t2 - t1) / 1e6;
            checkPairs[r] = (t3 - t2) / 1e6;
            indexOnSample[r] = (t4 - t3) / 1e6;
            scan[r] = (t6 - t5) / 1e6;
            System.out.printf(
                    "run %d: index built in %.0f ms; checked %d sentence quotes in %.0f ms, %d two-word ones in %.0f"
                            + " ms (%d do not identify a passage); sample of %d counted by the index in %.1f ms, by"
                            + " the scan in %.0f ms (its texts normalised in %.0f ms)%n",
                    r + 1,
                    build[r],
                    sentences.size(),
                    checkSentences[r],
                    pairs.size(),
                    checkPairs[r],
                    problems,
                    sample.size(),
                    indexOnSample[r],
                    scan[r],
                    (t5 - t4) / 1e6);
        }
        double scanPerQuote = Figures.median(scan) / sample.size();
        double indexPerQuote = Figures.median(indexOnSample) / sample.size();
        new Figures("evidence-count")
                .put("chunks", corpus.size())
                .put("quotes", quotes.size())
                .put("twoWordQuotes", pairs.size())
                .put("buildMillisMedian", Figures.median(build))
                .put("checkSentenceQuotesMillisMedian", Figures.median(checkSentences))
                .put("checkTwoWordQuotesMillisMedian", Figures.median(checkPairs))
                .put("indexMicrosPerQuote", indexPerQuote * 1_000)
                .put("scanMicrosPerQuote", scanPerQuote * 1_000)
                .put("scanOverIndexPerQuote", scanPerQuote / indexPerQuote)
                .put("scanAllQuotesMillisEstimate", scanPerQuote * quotes.size())
                .put("countMismatches", mismatches)
                .put("peakHeapMib", Figures.peakHeapMib())
                .print();
        return mismatches == 0 ? 0 : 1;
    }

    /** Checks every quote by the rule; returns how many do not identify a passage. */
    private static int check(EvidenceRule rule, EvidenceIndex index, List<String> quotes) {
        int problems = 0;
        for (String q : quotes) {
            problems += rule.check(q, index).problem().isPresent() ? 1 : 0;
        }
        return problems;
    }

    /** SciFact's abstracts as one-section documents, cut into parents and fragments until {@code chunks}. */
    private List<Chunk> corpus() {
        BeirDataset scifact = BeirDataset.load(dataset, "test");
        SectionChunker chunker = SectionChunker.builder()
                .maxSectionChars(600)
                .fragmentChars(400)
                .fragmentOverlap(80)
                .build();
        List<Chunk> out = new ArrayList<>(chunks);
        for (Chunk abstractChunk : scifact.corpus()) {
            if (out.size() >= chunks) {
                break;
            }
            Section root = Section.of(abstractChunk.documentId() + "-abstract", "abstract", 0, abstractChunk.text());
            Document doc = new Document(abstractChunk.documentId(), "abstract", "scifact", 0, Map.of(), root);
            List<Chunk> parts = chunker.chunk(doc);
            out.addAll(parts.subList(0, Math.min(parts.size(), chunks - out.size())));
        }
        return out;
    }

    /** {@code words} consecutive words of the text from a seeded start, as a model copies a quote. */
    private static String quote(String text, int words, Random random) {
        String[] all = text.strip().split("\\s+");
        int n = Math.min(words, all.length);
        int from = random.nextInt(all.length - n + 1);
        return String.join(" ", java.util.Arrays.asList(all).subList(from, from + n));
    }
}
