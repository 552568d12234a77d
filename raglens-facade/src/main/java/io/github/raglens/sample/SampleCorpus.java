package io.github.raglens.sample;

import com.fasterxml.jackson.databind.ObjectReader;
import io.github.raglens.eval.evidence.EvidenceIndex;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The bundled sample corpus: tidal power and transit fares as PDFs (with an outline, a ruled table
 * larger than one chunk and a display formula), sourdough and solar cooling as Markdown.
 *
 * <p>Thread-safe; every method reads the bundled resources afresh.
 */
public final class SampleCorpus {

    /** The documents, by base name. */
    public static final List<String> DOCUMENTS = List.of("tidal-power", "transit-fares", "sourdough", "solar-cooling");

    private static final Set<String> AS_PDF = Set.of("tidal-power", "transit-fares");

    private SampleCorpus() {}

    /**
     * Writes the corpus into a folder, creating it if needed: {@code tidal-power.pdf},
     * {@code transit-fares.pdf}, {@code sourdough.md}, {@code solar-cooling.md}.
     *
     * @param dir the target folder
     * @return the folder
     * @throws UncheckedIOException if a file cannot be written
     */
    public static Path writeTo(Path dir) {
        try {
            Files.createDirectories(dir);
            for (String name : DOCUMENTS) {
                String md = markdown(name);
                if (AS_PDF.contains(name)) {
                    String title = md.lines().findFirst().orElse(name).replaceFirst("^#\\s*", "");
                    MarkdownPdfWriter.write(title, md, dir.resolve(name + ".pdf"));
                } else {
                    Files.writeString(dir.resolve(name + ".md"), md, StandardCharsets.UTF_8);
                }
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the sample corpus to " + dir, e);
        }
    }

    /**
     * The Markdown source of one document.
     *
     * @param name a name of {@link #DOCUMENTS}
     * @throws IllegalArgumentException for another name
     */
    public static String markdown(String name) {
        if (!DOCUMENTS.contains(name)) {
            throw new IllegalArgumentException("no sample document '" + name + "'; choose one of " + DOCUMENTS);
        }
        return resource(name + ".md");
    }

    /** The hand-checked questions, in file order. */
    public static List<SampleQuestion> questions() {
        ObjectReader reader = Json.reader().forType(SampleQuestion.class);
        List<SampleQuestion> out = new ArrayList<>();
        for (String line : resource("questions.jsonl").lines().toList()) {
            if (line.isBlank()) {
                continue;
            }
            try {
                out.add(reader.readValue(line));
            } catch (IOException e) {
                throw new UncheckedIOException("bundled questions.jsonl is corrupt", e);
            }
        }
        return List.copyOf(out);
    }

    /**
     * The hand-checked questions as question samples over a chunked corpus: each is tied to the
     * smallest chunk whose text contains its evidence (as evidence is matched: Unicode, spaces,
     * quotes and dashes normalised). A question whose evidence is in no chunk — the parser lost it —
     * is left out.
     *
     * @param chunks the chunks of the sample corpus
     */
    public static List<QuestionSample> questionSamples(List<Chunk> chunks) {
        EvidenceIndex index = EvidenceIndex.of(chunks);
        List<QuestionSample> out = new ArrayList<>();
        for (SampleQuestion q : questions()) {
            index.chunksContaining(q.evidence()).stream()
                    .min(Comparator.comparingInt((Chunk c) -> c.text().length()))
                    .ifPresent(c -> out.add(new QuestionSample(
                            q.id(),
                            q.question(),
                            q.answer(),
                            q.evidence(),
                            c.id(),
                            c.documentId(),
                            c.sectionId(),
                            QuestionStatus.SUCCESS,
                            "")));
        }
        return List.copyOf(out);
    }

    private static String resource(String name) {
        try (InputStream in = SampleCorpus.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " missing from the raglens jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundled " + name, e);
        }
    }
}
