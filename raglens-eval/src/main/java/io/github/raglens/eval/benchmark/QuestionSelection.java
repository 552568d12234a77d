package io.github.raglens.eval.benchmark;

import io.github.raglens.error.Remedy;
import io.github.raglens.error.Setting;
import io.github.raglens.eval.benchmark.BenchmarkQuestion.Target;
import io.github.raglens.eval.evidence.Evidence;
import io.github.raglens.eval.evidence.EvidenceIndex;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.eval.questions.DistinctQuestions;
import io.github.raglens.eval.questions.LexicalOverlap;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.Relevance;
import io.github.raglens.result.BenchmarkResult.ExcludedQuestion;
import io.github.raglens.result.BenchmarkResult.Selection;
import io.github.raglens.result.QuestionExclusion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The questions a benchmark can use, prepared, with how many were excluded and why.
 *
 * @param questions the usable questions in input order, each with a unique query id
 * @param selection how many were usable, and which were left out for which reason
 * @param warnings what the user should know about the selection
 */
record QuestionSelection(List<BenchmarkQuestion> questions, Selection selection, List<String> warnings) {

    private static final Logger LOG = LoggerFactory.getLogger(QuestionSelection.class);

    QuestionSelection {
        questions = List.copyOf(questions);
        warnings = List.copyOf(warnings);
    }

    /**
     * Selects the successful questions whose target can be judged under {@code relevance}: under
     * chunk and section relevance those whose source chunks (both of a multi-hop question) exist; under evidence relevance those
     * whose evidence quote identifies its passage in the corpus by {@code rule}.
     *
     * @throws IllegalArgumentException as {@link BenchmarkRunner#run} documents
     */
    static QuestionSelection of(
            List<QuestionSample> questions, List<Chunk> corpus, Relevance relevance, int maxK, EvidenceRule rule) {
        List<String> warnings = new ArrayList<>();
        Map<String, Chunk> byId = new HashMap<>(corpus.size() * 2);
        for (Chunk c : corpus) {
            byId.put(c.id(), c);
        }
        List<QuestionSample> usable = questions.stream()
                .filter(q -> q.status() == QuestionStatus.SUCCESS)
                .toList();
        if (questions.isEmpty()) {
            throw new IllegalArgumentException("no questions yet; " + Remedy.QUESTIONS.first() + " to generate them");
        }
        if (usable.isEmpty()) {
            long skipped = questions.stream()
                    .filter(q -> q.status() == QuestionStatus.SKIP)
                    .count();
            throw new IllegalArgumentException("no usable questions: 0 of " + questions.size()
                    + " question records succeeded (" + skipped + " skipped, " + (questions.size() - skipped)
                    + " failed); check the LLM on a few questions (" + Remedy.QUESTIONS.call()
                    + " with a small limit) or"
                    + " try another model (" + Setting.LLM.apiName() + ")");
        }
        DistinctQuestions distinct = DistinctQuestions.of(usable);
        distinct.message().ifPresent(message -> warn(warnings, message));
        EvidenceIndex evidence = relevance.byEvidence() ? EvidenceIndex.of(corpus) : null;
        List<QuestionSample> kept = new ArrayList<>();
        List<ExcludedQuestion> excluded = new ArrayList<>();
        int ambiguousKept = 0;
        for (QuestionSample q : distinct.questions()) {
            // a multi-hop question's second chunk is a target of its own under chunk and section relevance
            Optional<String> gone = !relevance.needsSourceChunk()
                    ? Optional.empty()
                    : Stream.of(q.sourceChunkId(), q.secondChunkId())
                            .filter(id -> !id.isEmpty() && !byId.containsKey(id))
                            .findFirst();
            if (gone.isPresent()) {
                excluded.add(new ExcludedQuestion(
                        q.id(),
                        q.question(),
                        q.evidence(),
                        QuestionExclusion.SOURCE_CHUNK_GONE,
                        "source chunk " + gone.get() + " is no longer in the corpus"));
                continue;
            }
            if (evidence != null) {
                // a multi-hop question's quotes are each checked: one that identifies no passage excludes it
                List<String> quotes = q.evidenceQuotes().isEmpty() ? List.of("") : q.evidenceQuotes();
                boolean ambiguous = false;
                ExcludedQuestion refused = null;
                for (String quote : quotes) {
                    EvidenceRule.Check check = rule.check(quote, evidence);
                    Optional<QuestionExclusion> problem = check.problem();
                    if (!check.usable()) {
                        refused = new ExcludedQuestion(
                                q.id(), q.question(), quote, problem.orElseThrow(), check.describe());
                        break;
                    }
                    ambiguous |= problem.isPresent();
                }
                if (refused != null) {
                    excluded.add(refused);
                    continue;
                }
                if (ambiguous) {
                    ambiguousKept++;
                }
            }
            kept.add(q);
        }
        Selection selection = new Selection(kept.size(), ambiguousKept, rule.minWords(), rule.maxChunks(), excluded);
        if (!excluded.isEmpty()) {
            warn(warnings, excludedWarning(selection, relevance, rule));
        }
        if (kept.isEmpty()) {
            throw new IllegalArgumentException("no usable question: " + selection.describe() + "; "
                    + (relevance.byEvidence()
                            ? "give the questions evidence quoted from the corpus, a sentence each"
                            : "use evidence relevance (" + Setting.RELEVANCE.apiName() + ") or regenerate the"
                                    + " questions"));
        }
        if (maxK > corpus.size()) {
            warn(
                    warnings,
                    "k=" + maxK + " is larger than the corpus (" + corpus.size()
                            + " chunks): every retriever returns fewer hits and Precision@" + maxK
                            + " cannot reach 1");
        }
        return new QuestionSelection(prepare(kept, byId, relevance), selection, warnings);
    }

    /** What was left out and how to get it back. */
    private static String excludedWarning(Selection selection, Relevance relevance, EvidenceRule rule) {
        String remedy;
        if (!relevance.byEvidence()) {
            remedy = "use evidence relevance (" + Setting.RELEVANCE.apiName() + ") to keep them, or regenerate the"
                    + " questions";
        } else if (!rule.keepAmbiguous()
                && selection.excluded().stream().anyMatch(e -> e.reason().isAmbiguousEvidence())) {
            remedy = "the ambiguous ones can be kept (" + Setting.AMBIGUOUS_EVIDENCE.apiName() + "), counted apart";
        } else {
            remedy = "quote each question's evidence from the corpus, a sentence long";
        }
        return relevance.label() + " relevance: " + selection.describe() + "; " + remedy;
    }

    private static void warn(List<String> warnings, String message) {
        warnings.add(message);
        LOG.warn(message);
    }

    private static List<BenchmarkQuestion> prepare(
            List<QuestionSample> kept, Map<String, Chunk> byId, Relevance relevance) {
        List<BenchmarkQuestion> out = new ArrayList<>(kept.size());
        Set<String> queryIds = new HashSet<>();
        for (QuestionSample q : kept) {
            String queryId = q.id().isBlank() ? "q" + out.size() : q.id().replaceAll("\\s+", "_");
            for (int n = 2; !queryIds.add(queryId); n++) {
                queryId = q.id() + "#" + n;
            }
            Chunk source = byId.get(q.sourceChunkId());
            // the overlap is computed here for every question, so files without it (from before styles, or
            // imported) are measured as new ones are; without its chunk, a question is measured against its quotes
            List<String> sourceTexts = new ArrayList<>();
            sourceTexts.add(source != null ? source.text() : q.evidence());
            if (!q.secondChunkId().isEmpty()) {
                Chunk second = byId.get(q.secondChunkId());
                sourceTexts.add(second != null ? second.text() : q.secondEvidence());
            }
            out.add(new BenchmarkQuestion(
                    q,
                    queryId,
                    source,
                    targets(q, queryId, byId, relevance),
                    LexicalOverlap.of(q.question(), sourceTexts)));
        }
        return out;
    }

    /**
     * A question's relevant targets: its chunk, section, document or evidence quote, and a multi-hop
     * question's second chunk, its section or its second quote when that differs from the first.
     */
    private static List<Target> targets(
            QuestionSample q, String queryId, Map<String, Chunk> byId, Relevance relevance) {
        List<Target> targets = new ArrayList<>(2);
        switch (relevance) {
            case CHUNK -> {
                targets.add(new Target(q.sourceChunkId(), q.sourceChunkId()));
                addSecond(targets, q.secondChunkId(), q.secondChunkId());
            }
            case SECTION -> {
                targets.add(new Target("section:" + q.sectionId(), q.sectionId()));
                Chunk second = byId.get(q.secondChunkId());
                if (second != null) {
                    addSecond(targets, "section:" + second.sectionId(), second.sectionId());
                }
            }
            case EVIDENCE, JUDGED -> {
                targets.add(new Target("evidence:" + queryId, Evidence.normalize(q.evidence())));
                addSecond(targets, "evidence2:" + queryId, Evidence.normalize(q.secondEvidence()));
            }
            case DOCUMENT -> targets.add(new Target("document:" + q.documentId(), q.documentId()));
        }
        return targets;
    }

    /** Adds a second target unless it is empty or what reaches the first. */
    private static void addSecond(List<Target> targets, String id, String reachedBy) {
        if (!reachedBy.isEmpty() && !reachedBy.equals(targets.getFirst().reachedBy())) {
            targets.add(new Target(id, reachedBy));
        }
    }

    /** Mean lexical overlap of the selected questions. */
    double meanOverlap() {
        return questions.stream()
                .mapToDouble(BenchmarkQuestion::overlap)
                .average()
                .orElse(0);
    }
}
