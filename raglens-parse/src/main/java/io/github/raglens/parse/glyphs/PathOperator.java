package io.github.raglens.parse.glyphs;

import java.awt.geom.Path2D;
import java.util.List;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.contentstream.operator.OperatorProcessor;
import org.apache.pdfbox.cos.COSBase;
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
        return operands.size() > i && operands.get(i) instanceof COSNumber n ? n.floatValue() : Float.NaN;
    }

    @Override
    public String getName() {
        return name;
    }
}
