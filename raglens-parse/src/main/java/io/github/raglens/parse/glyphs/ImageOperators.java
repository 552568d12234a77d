package io.github.raglens.parse.glyphs;

import java.io.IOException;
import java.util.List;
import org.apache.pdfbox.contentstream.operator.DrawObject;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.contentstream.operator.OperatorProcessor;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSName;

/**
 * The operators that draw images, as the text pass meets them: each image's place is added to the
 * page's {@link ImageCover} without decoding it, so that which pages are scans is known from the one
 * pass. Forms are drawn as the text engine draws them.
 */
final class ImageOperators {

    private ImageOperators() {}

    /** "Do": an image XObject is placed, a form is drawn. */
    static final class DrawXObject extends DrawObject {

        private final ImageCover cover;

        DrawXObject(ImageCover cover) {
            this.cover = cover;
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) throws IOException {
            if (!operands.isEmpty()
                    && operands.getFirst() instanceof COSName name
                    && getContext().getResources().isImageXObject(name)) {
                cover.add(getContext().getGraphicsState().getCurrentTransformationMatrix());
                return;
            }
            super.process(operator, operands);
        }
    }

    /** "BI": an inline image, its data read with the operator, is placed. */
    static final class InlineImage extends OperatorProcessor {

        private final ImageCover cover;

        InlineImage(ImageCover cover) {
            this.cover = cover;
        }

        @Override
        public void process(Operator operator, List<COSBase> operands) {
            if (operator.getImageData() != null && operator.getImageData().length > 0) {
                cover.add(getContext().getGraphicsState().getCurrentTransformationMatrix());
            }
        }

        @Override
        public String getName() {
            return "BI";
        }
    }
}
