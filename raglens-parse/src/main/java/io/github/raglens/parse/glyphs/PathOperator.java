package io.github.raglens.parse.glyphs;

import java.awt.geom.Path2D;
import java.util.List;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.contentstream.operator.OperatorProcessor;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSNumber;
import org.apache.pdfbox.pdmodel.graphics.state.PDGraphicsState;

/**
 * One path operator of a page's content stream, as the text pass meets it: its operands read and
 * handed, with the graphics state they are drawn in, to the page's {@link PagePaths}. A malformed
 * operand (not a number) drops the operator, as PDFBox's renderer skips it.
 */
final class PathOperator extends OperatorProcessor {

    /** The operators that build, paint, end or clip a path. */
    static final List<String> NAMES =
            List.of("m", "l", "re", "c", "v", "y", "h", "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n", "W", "W*");

    /** A step to a point of the path, in user space. */
    private interface Step {
        void to(PDGraphicsState state, float x, float y);
    }

    private final String name;
    private final PagePaths paths;

    PathOperator(String name, PagePaths paths) {
        this.name = name;
        this.paths = paths;
    }

    @Override
    public void process(Operator operator, List<COSBase> operands) {
        PDGraphicsState state = getContext().getGraphicsState();
        switch (name) {
            case "m" -> point(operands, state, paths::moveTo);
            case "l" -> point(operands, state, paths::lineTo);
            case "re" -> rectangle(operands, state);
            case "c" -> curve(operands, state, 0);
            case "v" -> curve(operands, state, 1);
            case "y" -> curve(operands, state, 2);
            case "h" -> paths.closePath();
            case "S", "f", "F", "f*", "B", "B*" -> paths.paint(state);
            case "s", "b", "b*" -> {
                paths.closePath();
                paths.paint(state);
            }
            case "n" -> paths.endPath(state);
            case "W" -> paths.clip(Path2D.WIND_NON_ZERO);
            case "W*" -> paths.clip(Path2D.WIND_EVEN_ODD);
            default -> throw new IllegalStateException("unexpected path operator " + name);
        }
    }

    private static void point(List<COSBase> operands, PDGraphicsState state, Step step) {
        float x = number(operands, 0);
        float y = number(operands, 1);
        if (!Float.isNaN(x) && !Float.isNaN(y)) {
            step.to(state, x, y);
        }
    }

    private void rectangle(List<COSBase> operands, PDGraphicsState state) {
        float x = number(operands, 0);
        float y = number(operands, 1);
        float w = number(operands, 2);
        float h = number(operands, 3);
        if (!Float.isNaN(x) && !Float.isNaN(y) && !Float.isNaN(w) && !Float.isNaN(h)) {
            paths.rectangle(state, x, y, w, h);
        }
    }

    /** "c" (kind 0, six operands), "v" (1) and "y" (2, four operands each). */
    private void curve(List<COSBase> operands, PDGraphicsState state, int kind) {
        float[] v = new float[kind == 0 ? 6 : 4];
        for (int i = 0; i < v.length; i++) {
            v[i] = number(operands, i);
            if (Float.isNaN(v[i])) {
                return;
            }
        }
        paths.curveTo(state, kind, v);
    }

    private static float number(List<COSBase> operands, int i) {
        if (operands.size() <= i) {
            return Float.NaN;
        }
        return switch (operands.get(i)) {
            case COSFloat real -> value(real);
            case COSNumber n -> n.floatValue();
            default -> Float.NaN;
        };
    }

    /**
     * A real operand's value, the float nearest its decimal, as {@link COSFloat#floatValue} gives it.
     * PDFBox keeps the decimal as a {@code BigDecimal}, whose conversion to a float divides big
     * integers unless the digits fit a float's 24 bits, and the five-decimal coordinates TeX writes
     * (456.78901) do not; its conversion to a double divides two exact doubles for up to 15 digits.
     * The double is the decimal correctly rounded, so rounding it to a float gives the float nearest
     * the decimal unless the double falls exactly halfway between two floats (a second rounding
     * could then go the wrong way): that case, and an overflow, take PDFBox's own conversion.
     */
    @SuppressWarnings("deprecation") // COSFloat.doubleValue: PDFBox 2's Javadoc marks it, 3.0 removes it
    static float value(COSFloat real) {
        double d = real.doubleValue();
        float f = (float) d;
        if (Float.isInfinite(f) || d == halfway(f, Math.nextDown(f)) || d == halfway(f, Math.nextUp(f))) {
            return real.floatValue();
        }
        return f;
    }

    /** The point halfway between two floats, exact as a double. */
    private static double halfway(float a, float b) {
        return ((double) a + b) / 2;
    }

    @Override
    public String getName() {
        return name;
    }
}
