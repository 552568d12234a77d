package io.github.raglens.parse.glyphs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import org.apache.pdfbox.cos.COSFloat;
import org.junit.jupiter.api.Test;

class PathOperatorTest {

    private final ByteArrayOutputStream digits = new ByteArrayOutputStream();

    private void assertSameAsPdfBox(String pdfForm) throws IOException {
        COSFloat real = new COSFloat(pdfForm);
        assertThat(Float.floatToIntBits(PathOperator.value(real, digits)))
                .as("the value of %s", pdfForm)
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
            assertSameAsPdfBox(form);
        }
    }

    @Test
    void value_randomDecimalsOfUpToTenDigitsAndSevenPlaces_isPdfBoxsFloatToTheBit() throws IOException {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        for (int i = 0; i < 200_000; i++) {
            long unscaled = random.nextLong(10_000_000_000L) * (random.nextBoolean() ? 1 : -1);
            int scale = random.nextInt(8);
            String form = java.math.BigDecimal.valueOf(unscaled, scale).toPlainString();
            COSFloat real = new COSFloat(form);
            assertThat(Float.floatToIntBits(PathOperator.value(real, digits)))
                    .as("the value of %s (seed %d; -Draglens.seed=%d replays it)", form, seed, seed)
                    .isEqualTo(Float.floatToIntBits(real.floatValue()));
        }
    }
}
