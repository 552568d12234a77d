/**
 * What a run's model calls cost: one {@link io.github.raglens.usage.UsageLedger} counts the tokens of
 * every chat and embedding call per stage and model, prices them with {@link
 * io.github.raglens.model.TokenPrice}, and holds the run's budget, which calls in flight count
 * against before they are sent.
 *
 * <pre>{@code
 * UsageLedger ledger = UsageLedger.builder()
 *     .price("openai/my-finetune", TokenPrice.of(0.30, 1.20))
 *     .budgetUsd(5)
 *     .build();
 * LlmProvider judge = ledger.meter(OpenAi.chat("gpt-4o-mini").build(), "judge");
 * }</pre>
 */
package io.github.raglens.usage;
