package io.github.raglens.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class UsageLedgerTest {

    @Test
    void record_sumsPerStageAndModel_concurrently() throws Exception {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        UsageLedger ledger = new UsageLedger();
        int[] prompt = new int[4000];
        for (int i = 0; i < prompt.length; i++) {
            prompt[i] = random.nextInt(1000);
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        for (int i = 0; i < prompt.length; i++) {
            int p = prompt[i];
            String stage = i % 2 == 0 ? "judge" : "answers";
            pool.submit(() -> ledger.record(stage, "openai/gpt-4o-mini", new TokenUsage(p, 1)));
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        long expected = 0;
        for (int p : prompt) {
            expected += p;
        }
        assertThat(ledger.total()).as("seed %d", seed).isEqualTo(new TokenUsage(expected, prompt.length));
        assertThat(ledger.lines()).extracting(UsageLedger.Line::stage).containsExactly("answers", "judge");
        assertThat(ledger.lines()).extracting(UsageLedger.Line::calls).containsExactly(2000L, 2000L);
    }

    @Test
    void cost_usesPerMillionPrices_ollamaIsFree_unknownIsListed() {
        UsageLedger ledger = new UsageLedger();
        ledger.record("judge", "openai/gpt-4o-mini", new TokenUsage(1_000_000, 500_000));
        ledger.record("answers", "ollama/llama3.2", new TokenUsage(9_000_000, 9_000_000));
        ledger.record("answers", "openai/my-finetune", new TokenUsage(10, 10));
        PriceTable prices = PriceTable.defaults();
        assertThat(ledger.costUsd(prices)).isCloseTo(0.15 + 0.30, within(1e-9));
        assertThat(ledger.unpricedModels(prices)).containsExactly("openai/my-finetune");
        PriceTable custom = prices.with("openai/my-finetune", new TokenPrice(1_000, 2_000));
        assertThat(ledger.costUsd(custom)).isCloseTo(0.45 + 0.03, within(1e-9));
    }

    @Test
    void price_rejectsBadValues() {
        assertThatThrownBy(() -> new TokenPrice(-1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PriceTable.empty().with("gpt-4o", TokenPrice.FREE))
                .hasMessage("price key must be provider/model, e.g. 'openai/gpt-4o-mini', was 'gpt-4o'");
    }

    @Test
    void costEstimate_isCharsOverFourPlusTheOutputCap() {
        List<ChatRequest> requests = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            requests.add(ChatRequest.builder()
                    .user("x".repeat(399))
                    .maxOutputTokens(100)
                    .build());
        }
        CostEstimate e = CostEstimate.of("openai/gpt-4o-mini", requests, PriceTable.defaults());
        // 399 chars + the newline allText() adds = 400 chars = 100 tokens per request
        assertThat(e.calls()).isEqualTo(10);
        assertThat(e.promptTokens()).isEqualTo(1000);
        assertThat(e.maxCompletionTokens()).isEqualTo(1000);
        assertThat(e.maxCostUsd().orElseThrow()).isCloseTo((1000 * 0.15 + 1000 * 0.60) / 1e6, within(1e-12));
        assertThat(CostEstimate.of("openai/unknown", requests, PriceTable.defaults())
                        .maxCostUsd())
                .isEmpty();
        assertThat(CostEstimate.estimateTokens("")).isZero();
        assertThat(CostEstimate.estimateTokens("abcde")).isEqualTo(2);
    }
}
