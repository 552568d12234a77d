package io.github.raglens.parse.glyphs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.Random;
import org.apache.pdfbox.cos.COSFloat;
import org.junit.jupiter.api.Test;

class PathOperatorTest {

    private static void assertSameAsPdfBox(String pdfForm, long seed) throws IOException {
        COSFloat real = new COSFloat(pdfForm);
        assertThat(Float.floatToIntBits(PathOperator.value(real)))
                .as("the value of %s (seed %d; -Draglens.seed=%d replays it)", pdfForm, seed, seed)
                .isEqualTo(Float.floatToIntBits(real.floatValue()));
    }

    @Test
    void value_edgeFormsOfReals_isPdfBoxsFloatToTheBit() throws IOException {
        for (String form : new String[] {
            "0",
            "0.0",
            "-0",
            "-0.0",
            "-.0",
            ".5",
            "-.5",
            "5.",
            "-5.",
            "+1.5",
            "0.1",
            "72.00012",
            "-595.27559",
            "456.78901",
            "16777217",
            "16777217.5",
            "0.000000000000000000000000000000000000000001",
            "1e-50",
            "1e39",
            "-1e39",
            "340282356779733661637539395458142568448",
            "3.4028235e38",
            "1.17549435E-38",
            "--5",
            "0.00-5",
            "-5.-2"
        }) {
            assertSameAsPdfBox(form, 0);
        }
    }

    @Test
    void value_randomDecimalsOfUpToFifteenDigitsAndSevenPlaces_isPdfBoxsFloatToTheBit() throws IOException {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        for (int i = 0; i < 200_000; i++) {
            long digits = random.nextBoolean() ? 10_000_000_000L : 1_000_000_000_000_000L;
            long unscaled = random.nextLong(digits) * (random.nextBoolean() ? 1 : -1);
            int scale = random.nextInt(8);
            assertSameAsPdfBox(BigDecimal.valueOf(unscaled, scale).toPlainString(), seed);
        }
    }

    /**
     * Decimals a hair off the point halfway between two floats: the nearest double is the halfway point
     * itself, and rounding it to a float again breaks the tie to the even float, which is the wrong one
     * for half of them.
     */
    @Test
    void value_decimalsJustOffHalfwayBetweenTwoFloats_isPdfBoxsFloatToTheBit() throws IOException {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        BigDecimal hair = new BigDecimal("1e-40");
        for (int i = 0; i < 2_000; i++) {
            float f = (random.nextFloat() - 0.5f) * (float) Math.pow(10, random.nextInt(8));
            BigDecimal halfway = new BigDecimal((double) f)
                    .add(new BigDecimal((double) Math.nextUp(f)))
                    .divide(BigDecimal.TWO);
            assertSameAsPdfBox(halfway.add(hair).toPlainString(), seed);
            assertSameAsPdfBox(halfway.subtract(hair).toPlainString(), seed);
            assertSameAsPdfBox(halfway.toPlainString(), seed);
        }
    }
}
