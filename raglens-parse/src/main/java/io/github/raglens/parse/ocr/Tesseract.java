package io.github.raglens.parse.ocr;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.PointerPointer;
import org.bytedeco.tesseract.ETEXT_DESC;
import org.bytedeco.tesseract.ResultIterator;
import org.bytedeco.tesseract.TessBaseAPI;
import org.bytedeco.tesseract.global.tesseract;

/**
 * One Tesseract engine with its languages loaded: reads the lines and words of gray images, one at a
 * time. Not thread-safe; close it to free the native engine.
 */
final class Tesseract implements AutoCloseable {

    /** Where Tesseract writes its warnings ("Estimating resolution", "Empty page"): nowhere. */
    private static final String DISCARD =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows") ? "NUL" : "/dev/null";

    /** Orientation detection below this confidence is not acted on. */
    private static final float MIN_ORIENTATION_CONFIDENCE = 2f;

    private final TessBaseAPI api;
    private final Path data;
    private TessBaseAPI orientation;
    private boolean orientationOpened;

    private Tesseract(TessBaseAPI api, Path data) {
        this.api = api;
        this.data = data;
    }

    /**
     * An engine for the languages, their data read from a folder.
     *
     * @throws OcrUnavailableException when the native library cannot be loaded on this platform, or
     *     Tesseract refuses the data
     */
    static Tesseract open(Path data, String languages) {
        TessBaseAPI api;
        try {
            api = new TessBaseAPI();
        } catch (UnsatisfiedLinkError | NoClassDefFoundError | ExceptionInInitializerError e) {
            throw new OcrUnavailableException(
                    "the Tesseract library bundled with raglens does not load on this platform ("
                            + System.getProperty("os.name") + ", " + System.getProperty("os.arch") + ": "
                            + e.getMessage() + ")");
        }
        api.SetVariable("debug_file", DISCARD);
        if (api.Init(data.toString(), languages, tesseract.OEM_LSTM_ONLY) != 0) {
            api.close();
            throw new OcrUnavailableException("Tesseract could not load the language data '" + languages + "' from "
                    + data + "; the files may be damaged: install them again");
        }
        api.SetPageSegMode(tesseract.PSM_AUTO);
        return new Tesseract(api, data);
    }

    /**
     * The lines of an image, top to bottom as Tesseract's layout analysis orders them.
     *
     * @param limit how long the recognition may take; the lines read by then are returned
     * @return the lines, and whether the limit cut the reading short
     */
    Reading read(GrayImage image, Duration limit) {
        api.SetImage(image.pixels(), image.width(), image.height(), 1, image.width());
        api.SetSourceResolution(image.dpi());
        try (ETEXT_DESC monitor = new ETEXT_DESC()) {
            monitor.set_deadline_msecs((int) Math.min(Integer.MAX_VALUE, limit.toMillis()));
            api.Recognize(monitor);
            boolean cut = monitor.deadline_exceeded();
            return new Reading(lines(), cut);
        } finally {
            api.Clear();
        }
    }

    /** The lines read from an image, and whether the time limit cut the reading short. */
    record Reading(List<TextLine> lines, boolean cut) {

        /** The words' mean confidence, weighted by their length: 0 to 100, 0 for none. */
        float confidence() {
            double sum = 0;
            long chars = 0;
            for (TextLine line : lines) {
                for (TextLine.RecognizedWord w : line.words()) {
                    sum += (double) w.confidence() * w.text().length();
                    chars += w.text().length();
                }
            }
            return chars == 0 ? 0f : (float) (sum / chars);
        }

        /** Whether most words of three letters or more stand taller than they are wide: text turned a quarter. */
        boolean mostlyUpright() {
            int upright = 0;
            int words = 0;
            for (TextLine line : lines) {
                for (TextLine.RecognizedWord w : line.words()) {
                    if (w.text().length() >= 3) {
                        words++;
                        upright += w.bottom() - w.top() > w.right() - w.left() ? 1 : 0;
                    }
                }
            }
            return upright * 2 > words;
        }
    }

    /**
     * How far clockwise the image's text is turned from upright (0, 90, 180 or 270 degrees), by
     * Tesseract's orientation detection; 0 when its data ({@code osd.traineddata}, Debian's {@code
     * tesseract-ocr-osd}) is not beside the languages' or it is unsure.
     */
    int rotation(GrayImage image) {
        if (!orientationOpened) {
            orientationOpened = true;
            orientation = openOrientation(data);
        }
        if (orientation == null) {
            return 0;
        }
        orientation.SetImage(image.pixels(), image.width(), image.height(), 1, image.width());
        orientation.SetSourceResolution(image.dpi());
        try (IntPointer degrees = new IntPointer(1);
                FloatPointer confidence = new FloatPointer(1);
                PointerPointer<?> script = new PointerPointer<>(1);
                FloatPointer scriptConfidence = new FloatPointer(1)) {
            boolean found = orientation.DetectOrientationScript(degrees, confidence, script, scriptConfidence);
            return found && confidence.get() >= MIN_ORIENTATION_CONFIDENCE ? degrees.get() : 0;
        } finally {
            orientation.Clear();
        }
    }

    private List<TextLine> lines() {
        List<TextLine> lines = new ArrayList<>();
        try (ResultIterator it = api.GetIterator()) {
            if (it == null || it.isNull() || it.Empty(tesseract.RIL_WORD)) {
                return lines;
            }
            int[] x0 = new int[1];
            int[] y0 = new int[1];
            int[] x1 = new int[1];
            int[] y1 = new int[1];
            float[] rowHeight = new float[1];
            float[] descenders = new float[1];
            float[] ascenders = new float[1];
            List<TextLine.RecognizedWord> words = new ArrayList<>();
            float baseline = 0;
            float slope = 0;
            float xHeight = 0;
            do {
                if (it.IsAtBeginningOf(tesseract.RIL_TEXTLINE)) {
                    if (!words.isEmpty()) {
                        lines.add(new TextLine(words, baseline, slope, xHeight));
                        words = new ArrayList<>();
                    }
                    it.Baseline(tesseract.RIL_TEXTLINE, x0, y0, x1, y1);
                    slope = x1[0] == x0[0] ? 0 : (float) (y1[0] - y0[0]) / (x1[0] - x0[0]);
                    baseline = y0[0] - slope * x0[0];
                    it.RowAttributes(rowHeight, descenders, ascenders);
                    // the row's height holds the ascenders and descenders (the latter negative) around the x-height
                    xHeight = rowHeight[0] - ascenders[0] + descenders[0];
                }
                String word = text(it.GetUTF8Text(tesseract.RIL_WORD));
                if (!word.isEmpty() && it.BoundingBox(tesseract.RIL_WORD, x0, y0, x1, y1)) {
                    words.add(new TextLine.RecognizedWord(
                            word, x0[0], y0[0], x1[0], y1[0], it.Confidence(tesseract.RIL_WORD)));
                }
            } while (it.Next(tesseract.RIL_WORD));
            if (!words.isEmpty()) {
                lines.add(new TextLine(words, baseline, slope, xHeight));
            }
        }
        return lines;
    }

    /** The text of a string Tesseract allocated, which is then freed. */
    private static String text(BytePointer text) {
        if (text == null || text.isNull()) {
            return "";
        }
        try {
            return text.getString(StandardCharsets.UTF_8).strip();
        } finally {
            tesseract.TessDeleteText(text);
        }
    }

    /** An engine for orientation detection, or null without its data. */
    private static TessBaseAPI openOrientation(Path data) {
        if (!Files.isRegularFile(data.resolve("osd.traineddata"))) {
            return null;
        }
        TessBaseAPI osd = new TessBaseAPI();
        osd.SetVariable("debug_file", DISCARD);
        if (osd.Init(data.toString(), "osd", tesseract.OEM_TESSERACT_ONLY) != 0) {
            osd.close();
            return null;
        }
        osd.SetPageSegMode(tesseract.PSM_OSD_ONLY);
        return osd;
    }

    @Override
    public void close() {
        api.End();
        api.close();
        if (orientation != null) {
            orientation.End();
            orientation.close();
        }
    }
}
