package io.github.raglens.parse;

import io.github.raglens.error.ParseException;
import io.github.raglens.error.RagLensException;
import io.github.raglens.error.Setting;
import io.github.raglens.error.SettingException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.pdf.DamagedPdfException;
import io.github.raglens.parse.pdf.NoTextException;
import io.github.raglens.spi.Parser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Parses every file of a format raglens reads (PDF, Markdown, text, Word, PowerPoint, Excel, HTML, EPUB, images by OCR) under a folder, one file at a time; a file that fails is
 * reported with its reason and never stops the corpus. Immutable and thread-safe.
 */
public final class CorpusParser {

    private final Parser parser;
    private final ParseCache cache;
    private final Function<Path, String> versions;

    private CorpusParser(Parser parser, ParseCache cache, Function<Path, String> versions) {
        this.parser = Objects.requireNonNull(parser, "parser");
        this.cache = cache;
        this.versions = versions;
    }

    /** A corpus parser without cache. */
    public static CorpusParser of(Parser parser) {
        return new CorpusParser(parser, null, null);
    }

    /** A corpus parser that reads and fills a parse cache. */
    public static CorpusParser cached(DocumentParser parser, ParseCache cache) {
        return new CorpusParser(parser, Objects.requireNonNull(cache, "cache"), parser::version);
    }

    /**
     * The supported files under a folder (recursively), sorted by path; hidden files and folders are
     * skipped.
     *
     * @throws SettingException when the folder does not exist
     * @throws RagLensException when the folder cannot be read
     */
    public static List<Path> files(Path directory) {
        return walk(directory, DocumentParser::supports);
    }

    /**
     * The files under a folder (recursively) that no parser reads, such as {@code .docx} or {@code
     * .html}, sorted by path; hidden files and folders are skipped.
     *
     * @throws RagLensException when the folder does not exist or cannot be read
     */
    public static List<Path> unsupportedFiles(Path directory) {
        return walk(directory, p -> !DocumentParser.supports(p));
    }

    private static List<Path> walk(Path directory, Predicate<Path> kept) {
        Objects.requireNonNull(directory, "directory");
        if (!Files.isDirectory(directory)) {
            throw new SettingException(
                    "documents folder " + directory + " does not exist or is not a folder", Setting.DOCUMENTS);
        }
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> !hidden(directory.relativize(p)))
                    .filter(kept)
                    .sorted()
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            throw new RagLensException("cannot list documents folder " + directory + ": " + e.getMessage(), e);
        }
    }

    private static boolean hidden(Path relative) {
        for (Path part : relative) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    /** Parses every supported file under the folder, in path order. */
    public List<FileOutcome> parse(Path directory) {
        return parse(directory, outcome -> {});
    }

    /** Parses every supported file under the folder, telling {@code progress} after each file. */
    public List<FileOutcome> parse(Path directory, Consumer<FileOutcome> progress) {
        List<FileOutcome> out = new ArrayList<>();
        for (Path file : files(directory)) {
            FileOutcome outcome = parseFile(file);
            out.add(outcome);
            progress.accept(outcome);
        }
        return out;
    }

    /** Parses one file; never throws for a bad file. */
    public FileOutcome parseFile(Path file) {
        long t0 = System.nanoTime();
        try {
            Document document = cache == null ? parser.parse(file) : cache.parse(file, parser, versions.apply(file));
            return new FileOutcome.Parsed(file.toString(), document, millisSince(t0));
        } catch (NoTextException e) {
            return new FileOutcome.Failed(file.toString(), ParseStatus.NO_TEXT, reason(e), millisSince(t0));
        } catch (DamagedPdfException e) {
            return new FileOutcome.Failed(file.toString(), ParseStatus.DAMAGED, reason(e), millisSince(t0));
        } catch (ParseException e) {
            return new FileOutcome.Failed(file.toString(), ParseStatus.FAILED, reason(e), millisSince(t0));
        } catch (RuntimeException | StackOverflowError e) {
            return new FileOutcome.Failed(
                    file.toString(),
                    ParseStatus.FAILED,
                    "unexpected " + e.getClass().getSimpleName() + ": " + e.getMessage(),
                    millisSince(t0));
        }
    }

    /** The reason part of a parse exception's message (without the "cannot parse FILE: " prefix). */
    private static String reason(ParseException e) {
        String m = e.getMessage();
        String prefix = "cannot parse " + e.file();
        if (m.startsWith(prefix)) {
            String rest = m.substring(prefix.length());
            if (rest.startsWith(": ")) {
                return rest.substring(2);
            }
            int close = rest.indexOf("): ");
            if (rest.startsWith(" (page ") && close > 0) {
                return "page " + rest.substring(7, close) + ": " + rest.substring(close + 3);
            }
        }
        return m;
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    @Override
    public String toString() {
        return "CorpusParser{parser=" + parser + ", cache=" + cache + "}";
    }
}
