package io.github.raglens.parse.glyphs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class RepeatedGlyphsTest {

    private record Glyph(String text, float x, float y, float width) {}

    /** PDFBox's rule read plainly: same text, both coordinates in [c - tolerance, c + tolerance) of a shown one. */
    private static boolean repeatsAny(List<Glyph> shown, Glyph g) {
        float tolerance = g.width() / g.text().length() / 3f;
        for (Glyph s : shown) {
            if (s.text().equals(g.text())
                    && s.x() >= g.x() - tolerance
                    && s.x() < g.x() + tolerance
                    && s.y() >= g.y() - tolerance
                    && s.y() < g.y() + tolerance) {
                return true;
            }
        }
        return false;
    }

    @RepeatedTest(20)
    void show_randomPagesWithRedrawnGlyphs_decidesAsALinearScanOfTheShownGlyphs() {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        RepeatedGlyphs repeated = new RepeatedGlyphs();
        List<Glyph> shown = new ArrayList<>();
        List<Glyph> drawn = new ArrayList<>();
        String[] texts = {"a", "e", "t", "fi", "ffl", "1", "."};
        for (int i = 0; i < 3_000; i++) {
            Glyph g;
            if (!drawn.isEmpty() && random.nextInt(4) == 0) {
                // drawn again near an earlier glyph: sometimes within its tolerance, sometimes just outside
                Glyph earlier = drawn.get(random.nextInt(drawn.size()));
                float shift = earlier.width() / earlier.text().length() / 3f * (random.nextFloat() * 2.4f - 1.2f);
                g = new Glyph(earlier.text(), earlier.x() + shift, earlier.y() - shift / 2, earlier.width());
            } else {
                String text = texts[random.nextInt(texts.length)];
                float size = random.nextInt(10) == 0 ? 40 + random.nextFloat() * 400 : 5 + random.nextFloat() * 15;
                g = new Glyph(text, random.nextFloat() * 612, random.nextFloat() * 792, size * 0.5f * text.length());
            }
            drawn.add(g);
            boolean expected = !repeatsAny(shown, g);
            assertThat(repeated.show(g.text(), g.x(), g.y(), g.width()))
                    .as("glyph %d %s (seed %d)", i, g, seed)
                    .isEqualTo(expected);
            if (expected) {
                shown.add(g);
            }
        }
    }

    @Test
    void show_sameGlyphAFractionOfAPointAway_repeatsUntilTheNextPage() {
        RepeatedGlyphs repeated = new RepeatedGlyphs();
        assertThat(repeated.show("R", 100f, 200f, 6f)).isTrue();
        assertThat(repeated.show("R", 100.3f, 199.8f, 6f)).isFalse();
        assertThat(repeated.show("S", 100.3f, 199.8f, 6f)).isTrue();
        assertThat(repeated.show("R", 106f, 200f, 6f)).isTrue();
        repeated.clear();
        assertThat(repeated.show("R", 100.3f, 199.8f, 6f)).isTrue();
    }

    @Test
    void show_glyphsOnACellBorderOrWithoutWidth_matchOnlyWithinTheTolerance() {
        RepeatedGlyphs repeated = new RepeatedGlyphs();
        assertThat(repeated.show("x", 7.99f, 7.99f, 3f)).isTrue();
        assertThat(repeated.show("x", 8.5f, 8.5f, 3f)).isFalse(); // the earlier one is in the cells to the left
        assertThat(repeated.show("x", 9.2f, 8.5f, 3f)).isTrue(); // 1.21 away, tolerance 1
        assertThat(repeated.show("y", 50f, 50f, 0f)).isTrue();
        assertThat(repeated.show("y", 50f, 50f, 0f)).isTrue(); // no width, no tolerance: never a repeat
        assertThat(repeated.show("z", 1e10f, -1e10f, 9000f)).isTrue(); // far off the page: the cells saturate
        assertThat(repeated.show("z", 1e10f + 2048f, -1e10f, 9000f)).isFalse();
        assertThat(repeated.show("w", 10f, 10f, 1e9f)).isTrue();
        assertThat(repeated.show("w", 3e8f, -2e8f, 1e9f)).isFalse(); // a huge glyph's tolerance spans the page
    }
}
