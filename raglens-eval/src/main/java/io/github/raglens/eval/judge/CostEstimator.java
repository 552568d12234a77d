package io.github.raglens.eval.judge;

import io.github.raglens.eval.answers.AnswerGenerator;
import io.github.raglens.eval.answers.AnswerRecord;
import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.internal.Cell;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.spi.Judge;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Estimates what a run will send before anything is sent (a dry run): calls, tokens ({@link
 * TokenUsage#estimateTokens}) and cost. Calls already in the call cache and cells already scored are
 * not counted; statement extractions shared between metrics and retrievers, and the verdict call
 * faithfulness and context recall share, are counted once. Context precision is counted per cell, so
 * when retrievers return the same contexts for a question (calls the run shares) the estimate is an
 * upper bound.
 */
public final class CostEstimator {

    private static final int VERDICT_TOKENS = 40;

    private CostEstimator() {}

    /**
     * The calls answer generation will send for the pairs not yet answered.
     *
     * @param questions the sample
     * @param retrievers the retrievers' names
     * @param answersFile {@code answers.jsonl} (answered pairs are skipped); may not exist
     * @param contextChars the expected characters of the k contexts of one question
     * @param price the answering model's price
     * @return the estimate
     */
    public static CostEstimate forAnswers(
            List<QuestionSample> questions,
            List<String> retrievers,
            Path answersFile,
            int contextChars,
            TokenPrice price) {
        Set<Cell> done = new HashSet<>();
        for (AnswerRecord a : AnswerGenerator.read(answersFile)) {
            if (a.isOk()) {
                done.add(a.cell());
            }
        }
        long calls = 0;
        long prompt = 0;
        for (QuestionSample q : questions) {
            for (String r : retrievers) {
                if (done.contains(new Cell(r, q.id()))) {
                    continue;
                }
                calls++;
                prompt += TokenUsage.estimateTokens(AnswerGenerator.SYSTEM.length()
                        + contextChars
                        + q.question().length()
                        + 40);
            }
        }
        long completion = calls * 120;
        return new CostEstimate(calls, prompt, completion, price.cost(new TokenUsage(prompt, completion)));
    }

    /**
     * The calls scoring will send for the cells not yet scored.
     *
     * @param cases the cells
     * @param metrics the metrics
     * @param session the judge session (its call cache, and its ledger's price of the judge)
     * @param scoresFile {@code scores.jsonl}; may not exist
     * @return the estimate
     */
    public static CostEstimate forScoring(
            List<EvalCase> cases, List<Judge> metrics, JudgeSession session, Path scoresFile) {
        return forScoring(cases, metrics, session, scoresFile, 1);
    }

    /**
     * The calls scoring with {@link Scorer.Builder#repeats} will send for the cells and repeats not yet
     * scored.
     *
     * @param cases the cells
     * @param metrics the metrics
     * @param session the judge session (its call cache, and its ledger's price of the judge)
     * @param scoresFile {@code scores.jsonl}; may not exist
     * @param repeats judgements per cell of every judge metric, {@code >= 1}
     * @return the estimate
     * @throws IllegalArgumentException if {@code repeats < 1}
     */
    public static CostEstimate forScoring(
            List<EvalCase> cases, List<Judge> metrics, JudgeSession session, Path scoresFile, int repeats) {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be >= 1, was " + repeats);
        }
        // the basis each scored cell rests on: a score on another basis (edited nuggets) is made again
        Map<String, String> scored = new HashMap<>();
        if (Files.exists(scoresFile)) {
            try (JsonlStore<ScoreRecord> store = JsonlStore.open(scoresFile, ScoreRecord.class, ScoreRecord::key)) {
                for (ScoreRecord r : store.records()) {
                    if (r.isScored()) {
                        scored.put(r.key(), r.basis());
                    }
                }
            }
        }
        String model = session.modelName();
        long[] t = new long[3]; // calls, prompt, completion
        for (int repeat = 0; repeat < repeats; repeat++) {
            // Each repeat's calls have keys of their own: counted, and looked up in the cache, apart.
            estimate(cases, metrics, session.repeat(repeat), repeat, scored, t);
        }
        TokenPrice price = session.ledger().price(model).orElse(TokenPrice.FREE);
        return new CostEstimate(t[0], t[1], t[2], price.cost(new TokenUsage(t[1], t[2])));
    }

    private static void estimate(
            List<EvalCase> cases,
            List<Judge> metrics,
            JudgeSession session,
            int repeat,
            Map<String, String> scored,
            long[] t) {
        String model = session.modelName();
        Set<String> extractions = new HashSet<>();
        Set<String> calls = new HashSet<>();
        for (EvalCase c : cases) {
            // A context support step shared by faithfulness and context recall sends one call per cell.
            Set<ContextSupport> supportsCounted = new HashSet<>();
            for (Judge m : metrics) {
                if (!m.usesModel()
                        || (repeat > 0 && !(m instanceof RepeatableMetric))
                        || ScoreBasis.of(m, c.toJudgeInput())
                                .equals(scored.get(
                                        ScoreRecord.key(c.cell().on(m.metric()), model, m.version(), repeat)))) {
                    continue;
                }
                switch (m) {
                    case StatementSupport ss -> {
                        boolean judged = ss.side() == ContextSupport.Side.ANSWER
                                || !c.reference().isBlank();
                        if (judged && supportsCounted.add(ss.support())) {
                            contextSupport(session, ss.support(), extractions, c, t);
                        }
                    }
                    case SentenceRecall sr -> {
                        if (!c.reference().isBlank() && !c.contexts().isEmpty()) {
                            verdicts(c.reference(), String.join("\n\n", c.contexts()), t);
                        }
                    }
                    case FactualCorrectness fc -> {
                        if (!c.reference().isBlank()) {
                            boolean recall = fc.mode() != FactualCorrectness.Mode.PRECISION;
                            for (String text : recall ? List.of(c.answer(), c.reference()) : List.of(c.answer())) {
                                if (fc.isRagasCompatible()) {
                                    extractClaims(session, extractions, text, t);
                                } else {
                                    extract(session, extractions, c.question(), text, t);
                                }
                            }
                            verdicts(c.answer(), c.reference(), t);
                            if (recall) {
                                verdicts(c.reference(), c.answer(), t);
                            }
                        }
                    }
                    case ContextPrecision cp -> {
                        if (c.reference().isBlank() || c.contexts().isEmpty()) {
                            // scored or failed without a call
                        } else if (cp.mode() == ContextPrecision.Mode.ONE_CALL) {
                            // Counted per cell even when two cells' contexts are the same text: a dry
                            // run may stand in placeholder contexts for answers not generated yet.
                            unlessCached(
                                    session,
                                    ContextPrecision.allKey(model, c.question(), c.reference(), c.contexts()),
                                    Prompts.usefulnessAll(c.question(), c.reference(), c.contexts()),
                                    30L * c.contexts().size(),
                                    t);
                        } else {
                            for (String ctx : c.contexts()) {
                                unlessCached(
                                        session,
                                        ContextPrecision.contextKey(model, c.question(), c.reference(), ctx),
                                        Prompts.usefulness(c.question(), c.reference(), ctx),
                                        30,
                                        t);
                            }
                        }
                    }
                    case NuggetEvaluation ne -> nuggetCalls(session, calls, c, t);
                    case ResponseRelevancy rr ->
                        once(
                                session,
                                calls,
                                ResponseRelevancy.key(model, c.answer()),
                                Prompts.questions(c.answer()),
                                80,
                                t);
                    default -> add(t, Prompts.statements(c.question(), c.answer()), 100);
                }
            }
        }
    }

    /**
     * The nugget calls of one cell: the question's nuggets once, unless the book or the call cache
     * holds them, and one labelling call for the nuggets without a label for this answer. Nuggets not
     * yet made are counted as one per sentence of the reference and source passages, at most {@link
     * QuestionNuggets#MAX}.
     */
    private static void nuggetCalls(JudgeSession s, Set<String> seen, EvalCase c, long[] t) {
        if (c.reference().isBlank() && c.referenceContexts().isEmpty()) {
            return;
        }
        String model = s.modelName();
        Optional<QuestionNuggets> kept =
                s.nuggets().nuggets(QuestionNuggets.keyOf(c.question(), c.reference(), c.referenceContexts()));
        List<String> unlabelled;
        if (kept.isPresent()) {
            unlabelled = NuggetEvaluation.unlabelled(s.nuggets(), model, kept.get(), c.question(), c.answer()).stream()
                    .map(Nugget::text)
                    .toList();
        } else {
            int expected = Decomposition.sentences(c.reference()).size();
            for (String source : c.referenceContexts()) {
                expected += Decomposition.sentences(source).size();
            }
            expected = Math.clamp(expected, 1, QuestionNuggets.MAX);
            once(
                    s,
                    seen,
                    NuggetEvaluation.extractionKey(model, c.question(), c.reference(), c.referenceContexts()),
                    Prompts.nuggets(c.question(), c.reference(), c.referenceContexts()),
                    20L * expected,
                    t);
            unlabelled = Collections.nCopies(expected, "a nugget of about this length");
        }
        if (!unlabelled.isEmpty()) {
            once(
                    s,
                    seen,
                    NuggetEvaluation.supportKey(model, c.question(), c.answer(), unlabelled),
                    Prompts.nuggetSupport(c.question(), c.answer(), unlabelled),
                    (long) VERDICT_TOKENS * unlabelled.size(),
                    t);
        }
    }

    /** Counts a call whose key is known, unless counted already or in the call cache. */
    private static void once(
            JudgeSession s, Set<String> seen, String key, ChatRequest request, long completion, long[] t) {
        if (seen.add(key) && !s.isCached(key)) {
            add(t, request, completion);
        }
    }

    /** Counts a call whose key is known unless it is in the call cache. */
    private static void unlessCached(JudgeSession s, String key, ChatRequest request, long completion, long[] t) {
        if (!s.isCached(key)) {
            add(t, request, completion);
        }
    }

    private static void extract(JudgeSession s, Set<String> seen, String question, String text, long[] t) {
        countExtraction(
                s,
                seen,
                Prompts.key(Prompts.STATEMENTS_VERSION, s.modelName(), question, text),
                Prompts.statements(question, text),
                text,
                t);
    }

    private static void extractClaims(JudgeSession s, Set<String> seen, String text, long[] t) {
        countExtraction(
                s, seen, Prompts.key(Prompts.CLAIMS_VERSION, s.modelName(), text), Prompts.claims(text), text, t);
    }

    private static void countExtraction(
            JudgeSession s, Set<String> seen, String key, ChatRequest request, String text, long[] t) {
        if (seen.add(key) && !s.isCached(key)) {
            add(
                    t,
                    request,
                    TokenUsage.estimateTokens(text.length())
                            + 10L * Decomposition.sentences(text).size());
        }
    }

    /** The calls of a context support step on one cell: its sides' extractions and one verdict call. */
    private static void contextSupport(JudgeSession s, ContextSupport support, Set<String> seen, EvalCase c, long[] t) {
        boolean answer = support.checks(ContextSupport.Side.ANSWER);
        boolean reference =
                support.checks(ContextSupport.Side.REFERENCE) && !c.reference().isBlank();
        if (answer) {
            extract(s, seen, c.question(), c.answer(), t);
        }
        if (reference) {
            extract(s, seen, c.question(), c.reference(), t);
        }
        if (!c.contexts().isEmpty()) {
            String statements = (answer ? c.answer() : "") + " " + (reference ? c.reference() : "");
            verdicts(statements.strip(), String.join("\n\n", c.contexts()), t);
        }
    }

    private static void verdicts(String statementsOf, String premise, long[] t) {
        List<String> statements = Decomposition.sentences(statementsOf);
        add(t, Prompts.support(statements, "CONTEXT", premise), (long) VERDICT_TOKENS * statements.size());
    }

    private static void add(long[] t, ChatRequest r, long completion) {
        t[0]++;
        t[1] += TokenUsage.estimateTokens(r.allText().length());
        t[2] += completion;
    }
}
