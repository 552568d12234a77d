package io.github.raglens.eval.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class StratifiedSamplerTest {

    @Test
    void sample_isProportionalPerDocument_andSumsToSize() {
        List<QuestionSample> qs = new ArrayList<>();
        addQuestions(qs, "docA", 0, 60);
        addQuestions(qs, "docB", 0, 30);
        addQuestions(qs, "docC", 0, 10);
        List<QuestionSample> picked = StratifiedSampler.defaults().sample(qs, 20);
        Map<String, Long> perDoc =
                picked.stream().collect(Collectors.groupingBy(QuestionSample::documentId, Collectors.counting()));
        assertThat(perDoc).containsEntry("docA", 12L).containsEntry("docB", 6L).containsEntry("docC", 2L);
    }

    @Test
    void sample_ofAOneDocumentCorpus_takesEverythingFromIt_andGrowsStably() {
        List<QuestionSample> qs = new ArrayList<>();
        addQuestions(qs, "only", 0, 40);
        List<QuestionSample> ten = StratifiedSampler.defaults().sample(qs, 10);
        assertThat(ten).hasSize(10).extracting(QuestionSample::documentId).containsOnly("only");
        assertThat(StratifiedSampler.defaults().sample(qs, 10)).isEqualTo(ten);
        assertThat(StratifiedSampler.defaults().sample(qs, 40)).hasSize(40);
    }

    @Test
    void sample_largestRemainderGoesToLargerShareThenSmallerDocumentId() {
        List<QuestionSample> qs = new ArrayList<>();
        addQuestions(qs, "b", 0, 1);
        addQuestions(qs, "a", 0, 1);
        addQuestions(qs, "c", 0, 1);
        List<QuestionSample> picked = StratifiedSampler.defaults().sample(qs, 2);
        assertThat(picked).extracting(QuestionSample::documentId).containsExactly("a", "b");
    }

    @Test
    void sample_doesNotDependOnInputOrder() {
        List<QuestionSample> qs = new ArrayList<>();
        addQuestions(qs, "docA", 0, 37);
        addQuestions(qs, "docB", 0, 23);
        List<QuestionSample> first = StratifiedSampler.defaults().sample(qs, 15);
        List<QuestionSample> shuffled = new ArrayList<>(qs);
        Collections.shuffle(shuffled, new Random(5));
        assertThat(StratifiedSampler.defaults().sample(shuffled, 15)).isEqualTo(first);
        assertThat(StratifiedSampler.withSeed(43).sample(qs, 15)).isNotEqualTo(first);
    }

    @Test
    void sample_isStableWhenQuestionsAreAdded() {
        List<QuestionSample> qs = new ArrayList<>();
        addQuestions(qs, "docA", 0, 50);
        addQuestions(qs, "docB", 0, 50);
        List<QuestionSample> before = StratifiedSampler.defaults().sample(qs, 20);
        addQuestions(qs, "docB", 50, 100);
        // docA keeps its quota of 10 (30 of 150, a third): its picks are exactly the earlier ones.
        List<QuestionSample> after = StratifiedSampler.defaults().sample(qs, 30);
        assertThat(after.stream().filter(q -> q.documentId().equals("docA")).toList())
                .isEqualTo(before.stream()
                        .filter(q -> q.documentId().equals("docA"))
                        .toList());
        addQuestions(qs, "docA", 50, 100);
        // With the same size, an earlier pick is dropped only for a new question ranked above it: the
        // earlier questions still picked are a prefix of each document's earlier picks.
        List<QuestionSample> sameSize = StratifiedSampler.defaults().sample(qs, 20);
        for (String doc : List.of("docA", "docB")) {
            List<QuestionSample> old =
                    before.stream().filter(q -> q.documentId().equals(doc)).toList();
            List<QuestionSample> stillPicked = sameSize.stream()
                    .filter(q -> q.documentId().equals(doc) && old.contains(q))
                    .toList();
            assertThat(stillPicked).isEqualTo(old.subList(0, stillPicked.size()));
        }
    }

    @Test
    void sample_sizeAboveCount_returnsAll_andZeroReturnsNone() {
        List<QuestionSample> qs = new ArrayList<>();
        addQuestions(qs, "only", 0, 5);
        assertThat(StratifiedSampler.defaults().sample(qs, 150)).hasSize(5);
        assertThat(StratifiedSampler.defaults().sample(qs, 0)).isEmpty();
        assertThat(StratifiedSampler.defaults().sample(List.of(), 10)).isEmpty();
    }

    @Test
    void sample_duplicateIds_areRejected() {
        List<QuestionSample> qs = new ArrayList<>();
        addQuestions(qs, "d", 0, 2);
        addQuestions(qs, "d", 1, 2);
        assertThatThrownBy(() -> StratifiedSampler.defaults().sample(qs, 1))
                .hasMessage("two items share the id 'd-q1'; ids must be distinct");
        assertThatThrownBy(() -> StratifiedSampler.defaults().sample(qs, -1))
                .hasMessage("sample size must be >= 0, was -1");
    }

    @Test
    void sample_genericItems() {
        List<String> items = List.of("x:1", "x:2", "y:1", "y:2");
        Function<String, String> group = s -> s.substring(0, 1);
        assertThat(StratifiedSampler.defaults().sample(items, 2, s -> s, group))
                .extracting(group)
                .containsExactly("x", "y");
    }

    private static void addQuestions(List<QuestionSample> qs, String doc, int from, int to) {
        for (int i = from; i < to; i++) {
            qs.add(new QuestionSample(
                    doc + "-q" + i, "q?", "a", "e", doc + "-c" + i, doc, "s", QuestionStatus.SUCCESS, ""));
        }
    }
}
