package io.github.raglens.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.error.BudgetSpentException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class UsageLedgerTest {

    private static final ChatRequest REQUEST =
            ChatRequest.builder().user("x".repeat(399)).maxOutputTokens(100).build();

    /** A chat model that bills a fixed usage per call and counts its calls. */
    private static final class Billing implements LlmProvider {
        final String model;
        final TokenUsage perCall;
        final AtomicInteger calls = new AtomicInteger();

        Billing(String model, TokenUsage perCall) {
            this.model = model;
            this.perCall = perCall;
        }

        @Override
        public String modelName() {
            return model;
        }

        @Override
        public ChatOutcome chat(ChatRequest request) {
            calls.incrementAndGet();
            return new ChatOutcome.Completed("ok", perCall);
        }
    }

    /** A client that counts itself, as the HTTP clients do. */
    private static final class SelfCounting implements LlmProvider, UsageMetered<SelfCounting> {
        final UsageLedger ledger;
        final String stage;

        SelfCounting(UsageLedger ledger, String stage) {
            this.ledger = ledger;
            this.stage = stage;
        }

        @Override
        public String modelName() {
            return "openai/gpt-4o-mini";
        }

        @Override
        public ChatOutcome chat(ChatRequest request) {
            if (ledger != null) {
                // Two billed HTTP replies for one chat call: a retry the outcome does not show.
                ledger.record(stage, modelName(), new TokenUsage(10, 1));
                ledger.record(stage, modelName(), new TokenUsage(10, 1));
            }
            return new ChatOutcome.Completed("ok", new TokenUsage(10, 1));
        }

        @Override
        public SelfCounting meteredBy(UsageLedger l, String s) {
            return new SelfCounting(l, s);
        }
    }

    @Test
    void record_sumsPerStageAndModel_concurrently() throws Exception {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
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
    void cost_usesEachModelsOwnPrice_ollamaIsFree_unknownIsListedAsUnpriced() {
        UsageLedger listed = new UsageLedger();
        UsageLedger custom = UsageLedger.builder()
                .price("openai/my-finetune", new TokenPrice(1_000, 2_000))
                .build();
        for (UsageLedger ledger : List.of(listed, custom)) {
            ledger.record("judge", "openai/gpt-4o-mini", new TokenUsage(1_000_000, 500_000));
            ledger.record("answers", "ollama/llama3.2", new TokenUsage(9_000_000, 9_000_000));
            ledger.record("answers", "openai/my-finetune", new TokenUsage(10, 10));
        }
        assertThat(listed.costUsd()).isCloseTo(0.15 + 0.30, within(1e-9));
        assertThat(listed.unpricedModels()).containsExactly("openai/my-finetune");
        assertThat(listed.lines().get(1).costUsd()).isEmpty();
        assertThat(custom.costUsd()).isCloseTo(0.45 + 0.03, within(1e-9));
        assertThat(custom.costUsd("answers")).isCloseTo(0.03, within(1e-9));
        assertThat(custom.usage("answers")).isEqualTo(new TokenUsage(9_000_010, 9_000_010));
        assertThat(custom.unpricedModels()).isEmpty();
    }

    @Test
    void price_rejectsBadValuesAndKeysWithoutProvider() {
        assertThatThrownBy(() -> new TokenPrice(-1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> UsageLedger.builder().price("gpt-4o", TokenPrice.FREE))
                .hasMessage("price key must be provider/model, e.g. 'openai/gpt-4o-mini', was 'gpt-4o'");
        assertThatThrownBy(() -> UsageLedger.builder().budgetUsd(0)).hasMessage("budget must be > 0 dollars, was 0.0");
        assertThat(TokenPrice.listed("OpenAI/GPT-4o-mini")).contains(TokenPrice.of(0.15, 0.60));
        assertThat(TokenPrice.listed("ollama/anything")).contains(TokenPrice.FREE);
        assertThat(TokenPrice.listed("openai/unknown")).isEmpty();
    }

    @Test
    void estimateTokens_isCharsOverFourRoundedUp() {
        assertThat(TokenUsage.estimateTokens(0)).isZero();
        assertThat(TokenUsage.estimateTokens(5)).isEqualTo(2);
        assertThat(TokenUsage.estimateTokens(400)).isEqualTo(100);
    }

    @Test
    void meter_countsEachCallOnce_fromTheReplyOrByAClientThatCountsItself() {
        UsageLedger ledger = new UsageLedger();
        Billing plain = new Billing("openai/gpt-4o-mini", new TokenUsage(100, 10));
        LlmProvider metered = ledger.meter(plain, "answers");
        metered.chat(REQUEST);
        metered.chat(REQUEST);
        assertThat(ledger.meter(metered, "answers"))
                .as("metering twice counts once")
                .isSameAs(metered);
        ledger.meter(metered, "answers").chat(REQUEST);
        ledger.meter(new SelfCounting(null, "default"), "judge").chat(REQUEST);
        assertThat(ledger.lines())
                .containsExactly(
                        new UsageLedger.Line(
                                "answers",
                                "openai/gpt-4o-mini",
                                3,
                                new TokenUsage(300, 30),
                                java.util.OptionalDouble.of(
                                        TokenPrice.of(0.15, 0.60).cost(new TokenUsage(300, 30)))),
                        new UsageLedger.Line(
                                "judge",
                                "openai/gpt-4o-mini",
                                2,
                                new TokenUsage(20, 2),
                                java.util.OptionalDouble.of(
                                        TokenPrice.of(0.15, 0.60).cost(new TokenUsage(20, 2)))));
    }

    @Test
    void budget_coversEveryMeteredModelAtItsOwnPrice_andRefusesOnceSpent() {
        // answers: $1 a call; judge: $2 a call; budget $5 -> answer, judge, judge, then nothing.
        UsageLedger ledger = UsageLedger.builder()
                .price("test/answers", TokenPrice.of(1_000_000, 0))
                .price("test/judge", TokenPrice.of(2_000_000, 0))
                .budgetUsd(5)
                .build();
        Billing answers = new Billing("test/answers", new TokenUsage(1, 0));
        Billing judge = new Billing("test/judge", new TokenUsage(1, 0));
        ledger.meter(answers, "answers").chat(REQUEST);
        ledger.meter(judge, "judge").chat(REQUEST);
        ledger.meter(judge, "judge").chat(REQUEST);
        assertThat(ledger.costUsd()).isEqualTo(5.0);
        assertThatThrownBy(() -> ledger.meter(answers, "answers").chat(REQUEST))
                .isInstanceOf(BudgetSpentException.class)
                .hasMessage("budget of $5.00 reached");
        EmbeddingProvider local = new EmbeddingProvider() {
            @Override
            public String modelName() {
                return "onnx/bge-small-en-v1.5";
            }

            @Override
            public int dimension() {
                return 1;
            }

            @Override
            public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
                return texts.stream().map(t -> new float[] {1}).toList();
            }
        };
        assertThatThrownBy(() -> ledger.meter(local, "answers").embedQuery("q"))
                .isInstanceOf(BudgetSpentException.class);
        assertThat(answers.calls).hasValue(1);
        assertThat(judge.calls).hasValue(2);
    }

    @Test
    void budget_countsCallsInFlight_soConcurrentCallsOvershootByAtMostOneCall() throws Exception {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        for (int round = 0; round < 20; round++) {
            int permits = 1 + random.nextInt(16);
            // Every call's worst case (100 prompt + 100 output tokens) is reserved; it bills less.
            double budget = 0.5 + random.nextDouble() * 20;
            UsageLedger ledger = UsageLedger.builder()
                    .price("test/m", TokenPrice.of(10_000, 10_000))
                    .budgetUsd(budget)
                    .build();
            LlmProvider slow = ledger.meter(
                    new LlmProvider() {
                        @Override
                        public String modelName() {
                            return "test/m";
                        }

                        @Override
                        public ChatOutcome chat(ChatRequest request) {
                            try {
                                Thread.sleep(1);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            return new ChatOutcome.Completed("ok", new TokenUsage(60, 40));
                        }
                    },
                    "judge");
            ExecutorService pool = Executors.newFixedThreadPool(permits);
            List<Future<?>> calls = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                calls.add(pool.submit(() -> {
                    try {
                        slow.chat(REQUEST);
                    } catch (BudgetSpentException expected) {
                        // the run stops here
                    }
                }));
            }
            for (Future<?> f : calls) {
                f.get(30, TimeUnit.SECONDS);
            }
            pool.shutdown();
            double oneCall = TokenPrice.of(10_000, 10_000).cost(new TokenUsage(100, 100));
            assertThat(ledger.costUsd())
                    .as("seed %d, round %d, %d permits, budget %.2f", seed, round, permits, budget)
                    .isGreaterThanOrEqualTo(budget)
                    .isLessThanOrEqualTo(budget + oneCall);
        }
    }
}
