package io.github.raglens.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class TokenPriceTest {

    @Test
    void cost_chargesPromptAndCompletionTokensAtTheirOwnRates() {
        TokenPrice gpt4oMini = TokenPrice.of(0.15, 0.60);
        TokenUsage usage = new TokenUsage(2_000_000, 500_000);
        assertThat(gpt4oMini.cost(usage)).isCloseTo(0.30 + 0.30, within(1e-12));
        assertThat(TokenPrice.FREE.cost(usage)).isZero();
    }

    @Test
    void negativeNanOrInfinitePrices_areRejectedWithBothValues() {
        assertThatThrownBy(() -> TokenPrice.of(-1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("prices must be finite and >= 0, were -1.0 and 0.0");
        assertThatThrownBy(() -> TokenPrice.of(0, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TokenPrice.of(Double.POSITIVE_INFINITY, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
