package io.github.raglens.parse.ocr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TessDataTest {

    @TempDir
    Path dir;

    @Test
    void locate_prefixHoldingEveryLanguage_isChosenBeforeTheSystemFolders() throws IOException {
        Path prefix = Files.createDirectories(dir.resolve("prefix"));
        Files.writeString(prefix.resolve("eng.traineddata"), "x");
        Files.writeString(prefix.resolve("deu.traineddata"), "x");
        Path system = Files.createDirectories(dir.resolve("system"));
        Files.writeString(system.resolve("eng.traineddata"), "x");

        Path found = TessData.locate(
                List.of("eng", "deu"), Optional.empty(), Map.of("TESSDATA_PREFIX", prefix.toString()), List.of(system));

        assertThat(found).isEqualTo(prefix);
    }

    @Test
    void locate_prefixParentOfTessdata_isAccepted() throws IOException {
        Path tessdata = Files.createDirectories(dir.resolve("share/tessdata"));
        Files.writeString(tessdata.resolve("eng.traineddata"), "x");

        Path found = TessData.locate(
                List.of("eng"),
                Optional.empty(),
                Map.of("TESSDATA_PREFIX", dir.resolve("share").toString()),
                List.of());

        assertThat(found).isEqualTo(tessdata);
    }

    @Test
    void locate_missingLanguage_namesItAndTheDebianPackage() throws IOException {
        Path system = Files.createDirectories(dir.resolve("system"));
        Files.writeString(system.resolve("eng.traineddata"), "x");

        assertThatThrownBy(() ->
                        TessData.locate(List.of("eng", "deu", "chi_sim"), Optional.empty(), Map.of(), List.of(system)))
                .isInstanceOf(OcrUnavailableException.class)
                .hasMessage(
                        "OCR language data 'deu', 'chi_sim' not found in " + system + "; install it: apt-get install"
                                + " tesseract-ocr-deu tesseract-ocr-chi-sim, or set TESSDATA_PREFIX to a folder holding"
                                + " deu.traineddata and chi_sim.traineddata");
    }

    @Test
    void locate_noFolderAnywhere_saysTheVariableIsUnset() {
        assertThatThrownBy(
                        () -> TessData.locate(List.of("eng"), Optional.empty(), Map.of(), List.of(dir.resolve("none"))))
                .hasMessage("OCR language data 'eng' not found (TESSDATA_PREFIX is not set, and no system folder for it"
                        + " exists); install it: apt-get install tesseract-ocr-eng, or set TESSDATA_PREFIX to a folder"
                        + " holding eng.traineddata");
    }

    @Test
    void locate_namedFolderWithoutTheLanguage_namesThePackageAndTheFolder() {
        assertThatThrownBy(() -> TessData.locate(List.of("deu"), Optional.of(dir), Map.of(), List.of()))
                .hasMessage("OCR language data 'deu' not found in " + dir + "; install it: apt-get install"
                        + " tesseract-ocr-deu and point at its folder, or put deu.traineddata in " + dir);
    }
}
