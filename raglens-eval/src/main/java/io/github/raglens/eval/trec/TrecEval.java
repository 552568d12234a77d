package io.github.raglens.eval.trec;

import io.github.raglens.eval.ScoredId;
import io.github.raglens.result.TrecEvalOptions;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Evaluates a TREC run against qrels exactly as {@code trec_eval} 9.x does, and prints the same
 * lines: {@code measure<TAB>query|all<TAB>value}, values with four decimals.
 *
 * <p>Ranking: a query's documents are ordered by score descending, compared as C {@code float} as
 * {@code trec_eval} reads them, ties broken by document id in descending UTF-8 byte order ({@link
 * ScoredId#TREC_ORDER}); the rank column is ignored. Queries of the run without qrels are ignored; with
 * {@link TrecEvalOptions#complete()} queries of the qrels without results count as retrieving
 * nothing. Supported measures: {@code runid num_q num_ret num_rel num_rel_ret map gm_map Rprec bpref
 * recip_rank iprec_at_recall P relstring recall infAP gm_bpref Rprec_mult utility 11pt_avg binG G
 * ndcg ndcg_rel Rndcg ndcg_cut map_cut relative_P success set_P set_relative_P set_recall set_map
 * set_F num_nonrel_judged_ret rbp rbp_resid unj}, with {@code trec_eval}'s parameters, and the
 * nicknames {@code official} and {@code all_trec}. Preference and judgement-group measures are not
 * supported.
 *
 * <p>Thread-safe: every call is independent.
 */
public final class TrecEval {

    private TrecEval() {}

    /**
     * Evaluates a run file against a qrels file.
     *
     * @param qrels the qrels file ({@code qid iteration docid relevance} per line)
     * @param run the run file ({@code qid Q0 docid rank score runid} per line)
     * @param options the {@code trec_eval} options
     * @return the output lines, without line terminators
     * @throws io.github.raglens.error.ParseException if a file is missing or has a malformed line
     * @throws IllegalArgumentException for an unknown measure, bad measure parameters, a document
     *     retrieved twice for a query, or when no query has both results and judgements
     */
    public static List<String> evaluate(Path qrels, Path run, TrecEvalOptions options) {
        TrecFiles.Run parsed = TrecFiles.readRun(run);
        return evaluate(TrecFiles.readQrels(qrels), parsed.byQuery(), parsed.runId(), options);
    }

    /**
     * Evaluates an in-memory run against in-memory qrels.
     *
     * @param qrels judgement per query id, then per document id
     * @param run scored documents per query id, in any order
     * @param runId the run's name, printed by the {@code runid} measure
     * @param options the {@code trec_eval} options
     * @return the output lines, without line terminators
     * @throws IllegalArgumentException as {@link #evaluate(Path, Path, TrecEvalOptions)}
     */
    public static List<String> evaluate(
            Map<String, Map<String, Integer>> qrels,
            Map<String, List<ScoredId>> run,
            String runId,
            TrecEvalOptions options) {
        Objects.requireNonNull(qrels, "qrels");
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(options, "options");
        List<TrecMeasure> measures = select(options.measures());
        TreeSet<String> queries = new TreeSet<>(Comparator.comparing(TrecEval::bytes, Arrays::compareUnsigned));
        for (String qid : run.keySet()) {
            if (qrels.containsKey(qid)) {
                queries.add(qid);
            }
        }
        if (options.complete()) {
            queries.addAll(qrels.keySet());
        }
        if (queries.isEmpty()) {
            throw new IllegalArgumentException("no query has both results and relevance judgements");
        }
        int level = options.relevanceLevel();
        List<String> out = new ArrayList<>();
        Map<String, double[]> sums = new LinkedHashMap<>();
        for (TrecMeasure m : measures) {
            sums.put(m.root, new double[m.names.size()]);
        }
        for (String qid : queries) {
            JudgedRanking q =
                    judge(qid, qrels.get(qid), run.getOrDefault(qid, List.of()), options.maxDocsPerQuery(), level);
            for (TrecMeasure m : measures) {
                if (m.summary == TrecMeasure.Summary.NONE) {
                    if (options.perQuery()) {
                        out.add(line(m.names.getFirst(), qid, "'" + m.relstring(q) + "'"));
                    }
                    continue;
                }
                double[] values = m.compute(q, level);
                double[] sum = sums.get(m.root);
                for (int i = 0; i < values.length; i++) {
                    sum[i] += values[i];
                    if (options.perQuery() && m.printedPerQuery()) {
                        out.add(line(m.names.get(i), qid, value(m, values[i])));
                    }
                }
            }
        }
        int numQ = queries.size();
        for (TrecMeasure m : measures) {
            double[] sum = sums.get(m.root);
            switch (m.summary) {
                case RUN_ID -> out.add(line("runid", "all", runId));
                case NUM_Q -> out.add(line("num_q", "all", Long.toString(numQ)));
                case NONE -> {
                    // per-query only
                }
                case SUM -> out.add(line(m.names.getFirst(), "all", Long.toString((long) sum[0])));
                case GEOMETRIC -> out.add(line(m.names.getFirst(), "all", fixed(Math.exp(sum[0] / numQ), 4)));
                case MEAN -> {
                    for (int i = 0; i < sum.length; i++) {
                        out.add(line(m.names.get(i), "all", fixed(sum[i] / numQ, 4)));
                    }
                }
            }
        }
        return out;
    }

    /**
     * Checks the measures of the options without reading any file.
     *
     * @param options the options
     * @throws IllegalArgumentException for an unknown measure or bad measure parameters
     */
    public static void checkMeasures(TrecEvalOptions options) {
        select(options.measures());
    }

    /** The measures to compute, in {@code trec_eval}'s order, from the {@code -m} arguments. */
    static List<TrecMeasure> select(List<String> args) {
        Map<String, String> params = new TreeMap<>();
        List<String> specs = args.isEmpty() ? List.of("official") : args;
        for (String spec : specs) {
            switch (spec) {
                case "official" -> TrecMeasure.OFFICIAL.forEach(n -> params.putIfAbsent(n, null));
                case "all_trec" -> TrecMeasure.ORDER.forEach(n -> params.putIfAbsent(n, null));
                default -> {
                    int dot = spec.indexOf('.');
                    String root = dot < 0 ? spec : spec.substring(0, dot);
                    String p = dot < 0 ? null : spec.substring(dot + 1);
                    if (!TrecMeasure.ORDER.contains(root)) {
                        TrecMeasure.of(root, p); // throws the unknown-measure message
                    }
                    if (p != null || !params.containsKey(root)) {
                        params.put(root, p);
                    }
                }
            }
        }
        List<TrecMeasure> measures = new ArrayList<>();
        for (String root : TrecMeasure.ORDER) {
            if (params.containsKey(root)) {
                measures.add(TrecMeasure.of(root, params.get(root)));
            }
        }
        return measures;
    }

    private static JudgedRanking judge(
            String qid, Map<String, Integer> judgements, List<ScoredId> scored, int maxDocs, int level) {
        List<ScoredId> sorted = new ArrayList<>(scored);
        sorted.sort(ScoredId.TREC_ORDER);
        Set<String> seen = new HashSet<>(sorted.size() * 2);
        for (ScoredId s : sorted) {
            if (!seen.add(s.id())) {
                throw new IllegalArgumentException(
                        "query '" + qid + "' retrieves document '" + s.id() + "' twice; each may appear once");
            }
        }
        int n = Math.min(sorted.size(), maxDocs);
        // The judgements that occur, not every value up to the highest: a qrels may grade 0 and 2,000,000.
        TreeMap<Integer, Long> counts = new TreeMap<>();
        for (int rel : judgements.values()) {
            if (rel >= 0) {
                counts.merge(rel, 1L, Long::sum);
            }
        }
        int[] levels = new int[counts.size()];
        long[] levelCounts = new long[counts.size()];
        int k = 0;
        long numRel = 0;
        for (Map.Entry<Integer, Long> e : counts.entrySet()) {
            levels[k] = e.getKey();
            levelCounts[k++] = e.getValue();
            if (e.getKey() >= level) {
                numRel += e.getValue();
            }
        }
        int[] rels = new int[n];
        long numRelRet = 0;
        long nonpool = 0;
        long unjudged = 0;
        for (int i = 0; i < n; i++) {
            Integer rel = judgements.get(sorted.get(i).id());
            if (rel == null) {
                rels[i] = JudgedRanking.NOT_IN_POOL;
                nonpool++;
            } else if (rel < 0) {
                rels[i] = JudgedRanking.UNJUDGED;
                unjudged++;
            } else {
                rels[i] = rel;
                if (rel >= level) {
                    numRelRet++;
                }
            }
        }
        return new JudgedRanking(qid, rels, levels, levelCounts, numRel, numRelRet, nonpool, unjudged);
    }

    private static String value(TrecMeasure m, double v) {
        return m.integral ? Long.toString((long) v) : fixed(v, 4);
    }

    private static String line(String name, String qid, String value) {
        StringBuilder sb = new StringBuilder(name);
        while (sb.length() < 22) {
            sb.append(' ');
        }
        return sb.append('\t').append(qid).append('\t').append(value).toString();
    }

    /**
     * Formats like C's {@code printf("%.Nf")}: the exact binary value rounded half to even, so that
     * ties such as 0.03125 print as C prints them.
     */
    static String fixed(double v, int decimals) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        BigDecimal rounded = new BigDecimal(v).setScale(decimals, RoundingMode.HALF_EVEN);
        String s = rounded.toPlainString();
        if ((v < 0 || (v == 0 && 1 / v < 0)) && rounded.signum() == 0) {
            s = "-" + s;
        }
        return s;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
}
