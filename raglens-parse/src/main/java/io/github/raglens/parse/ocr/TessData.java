package io.github.raglens.parse.ocr;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where Tesseract's language data ({@code LANG.traineddata}) is found: in the folder a user names, else
 * in {@code TESSDATA_PREFIX} (the folder itself, or its parent holding {@code tessdata}, as Tesseract's
 * own tools accept), else where the system's packages put it (Debian and Ubuntu's {@code
 * tesseract-ocr-eng}, Fedora's, Homebrew's, the Windows installer's).
 */
final class TessData {

    /** The folders where packaged language data lives, by system. */
    static final List<Path> SYSTEM_FOLDERS = List.of(
            Path.of("/usr/share/tesseract-ocr/5/tessdata"),
            Path.of("/usr/share/tesseract-ocr/4.00/tessdata"),
            Path.of("/usr/share/tesseract/tessdata"),
            Path.of("/usr/share/tessdata"),
            Path.of("/opt/homebrew/share/tessdata"),
            Path.of("/usr/local/share/tessdata"),
            Path.of("C:\\Program Files\\Tesseract-OCR\\tessdata"));

    private TessData() {}

    /**
     * The folder holding every language's data.
     *
     * @param languages language codes, as Tesseract names them ({@code eng}, {@code deu}, {@code chi_sim})
     * @param folder the folder a user named, or empty to search
     * @param environment the process's environment (for {@code TESSDATA_PREFIX})
     * @param candidates the system folders to search, in order
     * @throws OcrUnavailableException when no folder holds them all; the message names the missing
     *     languages and the packages that install them
     */
    static Path locate(
            List<String> languages, Optional<Path> folder, Map<String, String> environment, List<Path> candidates) {
        List<Path> searched = new ArrayList<>();
        if (folder.isPresent()) {
            searched.add(folder.get());
        } else {
            String prefix = environment.get("TESSDATA_PREFIX");
            if (prefix != null && !prefix.isBlank()) {
                Path p = Path.of(prefix.strip());
                searched.add(p);
                searched.add(p.resolve("tessdata"));
            }
            searched.addAll(candidates);
        }
        Path best = null;
        List<String> bestMissing = languages;
        for (Path dir : searched) {
            List<String> missing = missing(dir, languages);
            if (missing.isEmpty()) {
                return dir;
            }
            if (missing.size() < bestMissing.size() || (best == null && Files.isDirectory(dir))) {
                best = dir;
                bestMissing = missing;
            }
        }
        throw new OcrUnavailableException(message(bestMissing, best, folder, environment));
    }

    private static List<String> missing(Path dir, List<String> languages) {
        if (!Files.isDirectory(dir)) {
            return languages;
        }
        return languages.stream()
                .filter(l -> !Files.isRegularFile(dir.resolve(l + ".traineddata")))
                .toList();
    }

    private static String message(List<String> missing, Path best, Optional<Path> folder, Map<String, String> env) {
        String names =
                String.join(", ", missing.stream().map(l -> "'" + l + "'").toList());
        String files = String.join(
                " and ", missing.stream().map(l -> l + ".traineddata").toList());
        String where;
        if (folder.isPresent()) {
            where = "in " + folder.get();
        } else if (best != null) {
            where = "in " + best;
        } else {
            String prefix = env.get("TESSDATA_PREFIX");
            where = prefix == null || prefix.isBlank()
                    ? "(TESSDATA_PREFIX is not set, and no system folder for it exists)"
                    : "in TESSDATA_PREFIX (" + prefix.strip() + ")";
        }
        String install = "install it: apt-get install " + String.join(" ", packages(missing));
        String fix = folder.isPresent()
                ? install + " and point at its folder, or put " + files + " in " + folder.get()
                : install + ", or set TESSDATA_PREFIX to a folder holding " + files;
        return "OCR language data " + names + " not found " + where + "; " + fix;
    }

    /** Debian's package for each language's data: {@code tesseract-ocr-chi-sim} for {@code chi_sim}. */
    static Set<String> packages(List<String> languages) {
        Set<String> out = new LinkedHashSet<>();
        for (String l : languages) {
            out.add("tesseract-ocr-" + l.toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        return out;
    }
}
