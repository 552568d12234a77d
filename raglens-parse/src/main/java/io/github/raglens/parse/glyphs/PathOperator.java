package io.github.raglens.parse.glyphs;

import java.awt.geom.Path2D;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
 *
 * <p>A real operand is read from its PDF form with {@link Float#parseFloat}: PDFBox keeps it as a
 * {@code BigDecimal}, whose conversion to the same nearest float takes big-integer division for
 * the five-decimal coordinates TeX writes, and the path operators read millions of them.
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

    private void point(List<COSBase> operands, PDGraphicsState state, Step step) {
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

    private final ByteArrayOutputStream digits = new ByteArrayOutputStream(32);

    private float number(List<COSBase> operands, int i) {
        if (operands.size() <= i) {
            return Float.NaN;
        }
        return switch (operands.get(i)) {
            case COSFloat real -> value(real, digits);
            case COSNumber n -> n.floatValue();
            default -> Float.NaN;
        };
    }

    /**
     * A real's value, the float {@link COSFloat#floatValue()} gives (the nearest to its decimal, zero
     * unsigned), read from its PDF form in {@code digits} (a scratch buffer).
     */
    static float value(COSFloat real, ByteArrayOutputStream digits) {
        digits.reset();
        try {
            real.writePDF(digits);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array's stream does not fail
        }
        float v;
        try {
            v = Float.parseFloat(digits.toString(StandardCharsets.ISO_8859_1));
        } catch (NumberFormatException e) {
            return real.floatValue();
        }
        if (v == 0) {
            return 0f; // a decimal has no negative zero
        }
        // PDFBox clamps reals beyond a float's normal range; those take its own conversion
        return Float.isFinite(v) && Math.abs(v) >= Float.MIN_NORMAL ? v : real.floatValue();
    }

    @Override
    public String getName() {
        return name;
    }
}
