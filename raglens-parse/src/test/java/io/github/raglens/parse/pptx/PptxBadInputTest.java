package io.github.raglens.parse.pptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import org.apache.poi.poifs.crypt.EncryptionInfo;
import org.apache.poi.poifs.crypt.EncryptionMode;
import org.apache.poi.poifs.crypt.Encryptor;
import org.apache.poi.poifs.filesystem.POIFSFileSystem;
import org.apache.poi.xslf.usermodel.SlideLayout;
import org.apache.poi.xslf.usermodel.XMLSlideShow;
import org.apache.poi.xslf.usermodel.XSLFSlide;
import org.apache.poi.xslf.usermodel.XSLFSlideLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each bad PowerPoint file fails with one line that names the file, the reason and the remedy, or is read in part and says so. */
class PptxBadInputTest {

    @TempDir
    Path dir;

    @Test
    void fileCutInHalfGivesTheSlidesBeforeTheCutAndSaysSo() throws IOException {
        byte[] whole = deck(60, "");
        Path file = Files.write(dir.resolve("review.pptx"), Arrays.copyOf(whole, whole.length / 2));

        Document d = new PptxParser().parse(file);

        assertThat(d.metadata())
                .containsEntry(
                        "damaged",
                        "the file is cut short (its zip directory is missing); read the parts found before the cut;"
                                + " replace it with the complete file for the rest");
        assertThat(d.root().children()).extracting(Section::title).contains("Quarter 1");
        assertThat(d.root().children().size()).isBetween(1, 59);
    }

    @Test
    void passwordProtectedFileIsRefusedWithTheRemedy() throws IOException, GeneralSecurityException {
        Path file = dir.resolve("board.pptx");
        try (POIFSFileSystem fs = new POIFSFileSystem()) {
            Encryptor encryptor = new EncryptionInfo(EncryptionMode.standard).getEncryptor();
            encryptor.confirmPassword("secret");
            try (OutputStream out = encryptor.getDataStream(fs)) {
                out.write(deck(1, ""));
            }
            try (OutputStream out = Files.newOutputStream(file)) {
                fs.writeFilesystem(out);
            }
        }

        assertThatThrownBy(() -> new PptxParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": the PPTX file is protected with a password; save a copy"
                        + " without the password in PowerPoint and parse the copy");
    }

    @Test
    void zipBombIsRefusedBeforeItIsInflated() throws IOException {
        Path file = Files.write(dir.resolve("bomb.pptx"), deck(1, " ".repeat(50_000_000) + "x"));
        assertThat(Files.size(file)).isLessThan(200_000);

        assertThatThrownBy(() -> new PptxParser().parse(file))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + file + ": refused: a part of the file expands to more than 100 times"
                        + " its compressed size, as a zip bomb does; check where the file came from");
    }

    /** A deck of titled slides, {@code Quarter N}, each with a line of its own and the given text. */
    private static byte[] deck(int slides, String text) throws IOException {
        try (XMLSlideShow show = new XMLSlideShow()) {
            XSLFSlideLayout layout = show.getSlideMasters().getFirst().getLayout(SlideLayout.TITLE_AND_CONTENT);
            for (int i = 1; i <= slides; i++) {
                XSLFSlide slide = show.createSlide(layout);
                slide.getPlaceholder(0).setText("Quarter " + i);
                slide.getPlaceholder(1).setText("Cargo code " + Integer.toHexString(i * 7919 * 31) + text);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            show.write(out);
            return out.toByteArray();
        }
    }
}
