package io.github.raglens.eval.questions;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.StoreException;
import io.github.raglens.eval.sampling.StratifiedSampler;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.PromptVersion;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.spi.LlmProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The personas of a corpus: its field and a few people who would search it (a newcomer and an expert
 * at least), derived once per corpus by one LLM call from a sample of its chunks, and kept in {@code
 * personas.json} beside the questions, readable and editable; while the file exists it is used as it
 * stands, with no call (delete it to derive them again).
 *
 * @param field the corpus's field in a few words
 * @param model the LLM that derived them; empty when written by hand
 * @param promptVersion the version of the prompt that derived them
 * @param personas two to four personas, distinct names
 */
public record PersonaSet(String field, String model, String promptVersion, List<Persona> personas) {

    /** Name of the personas file in a workspace. */
    public static final String FILE_NAME = "personas.json";

    /** Chunks shown to the model, drawn across the documents. */
    static final int SAMPLE_CHUNKS = 12;

    /** Characters of each sampled chunk shown to the model. */
    static final int SAMPLE_CHARS = 600;

    private static final int MIN = 2;
    private static final int MAX = 4;

    static final ResponseSchema SCHEMA = new ResponseSchema("corpus_personas", """
            {"type":"object",
             "properties":{
               "field":{"type":"string"},
               "personas":{"type":"array","minItems":2,"maxItems":4,"items":{"type":"object",
                 "properties":{"name":{"type":"string"},"description":{"type":"string"}},
                 "required":["name","description"],"additionalProperties":false}}},
             "required":["field","personas"],
             "additionalProperties":false}""");

    static final String SYSTEM = """
            You are shown short excerpts from a collection of documents. Say in a few words which field \
            the collection belongs to, and describe two to four different people who would search this \
            collection for answers. Include one newcomer to the field, who knows its everyday words but \
            not its jargon, and one expert, who knows its methods and terms well; the others, if any, \
            should differ from these in role or purpose. Give each a short lower-case name (one or two \
            words) and one sentence saying who they are and what they want from the documents.
            Reply with JSON only.""";

    static final String VERSION =
            PromptVersion.of("personas", request(List.of(ChatMessage.system(SYSTEM), ChatMessage.user("{excerpts}"))));

    /** Validates and copies. */
    public PersonaSet {
        field = Objects.requireNonNullElse(field, "");
        model = Objects.requireNonNullElse(model, "");
        promptVersion = Objects.requireNonNullElse(promptVersion, "");
        personas = List.copyOf(Objects.requireNonNull(personas, "personas"));
        if (personas.isEmpty()) {
            throw new IllegalArgumentException("a persona set needs at least one persona");
        }
        Set<String> names = new HashSet<>();
        for (Persona p : personas) {
            if (!names.add(p.name().toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("two personas are named '" + p.name() + "'");
            }
        }
    }

    /**
     * The personas in {@code file}, or, when it does not exist, derives them with one call and writes
     * them there.
     *
     * @param calls counts the call made
     * @throws ProviderException if the provider fails
     * @throws IllegalStateException if the model's reply is not a usable persona list
     * @throws StoreException if the file cannot be read or written
     */
    static PersonaSet loadOrDerive(Path file, LlmProvider llm, List<Chunk> chunks, long seed, Runnable calls) {
        if (Files.exists(file)) {
            return read(file);
        }
        calls.run();
        ChatOutcome outcome =
                llm.chat(request(List.of(ChatMessage.system(SYSTEM), ChatMessage.user(excerpts(chunks, seed)))));
        String text = switch (outcome) {
            case ChatOutcome.Failed f ->
                throw new IllegalStateException("deriving the corpus's personas failed ("
                        + f.reason().code() + "): " + f.detail() + "; run again, or write " + file
                        + " by hand");
            case ChatOutcome.Completed c -> c.text();
        };
        PersonaSet set = parse(text, llm.modelName())
                .orElseThrow(() -> new IllegalStateException("the model's personas could not be used: "
                        + abbreviate(text) + "; run again, or write " + file + " by hand"));
        set.write(file);
        return set;
    }

    /** Whether deriving the personas for {@code file} would need a call. */
    static boolean needsCall(Path file) {
        return !Files.exists(file);
    }

    /** The prompt's characters for these chunks, for a dry run's estimate. */
    static int promptChars(List<Chunk> chunks, long seed) {
        return SYSTEM.length() + excerpts(chunks, seed).length();
    }

    /**
     * Reads a personas file.
     *
     * @throws StoreException naming the file and what is wrong with it
     */
    public static PersonaSet read(Path file) {
        try {
            return Json.reader().forType(PersonaSet.class).readValue(file.toFile());
        } catch (IOException | RuntimeException e) {
            throw new StoreException(
                    file,
                    "cannot read " + file + ": " + Json.problem(e) + "; fix it (a field and a list of personas, each"
                            + " with a name and a description) or delete it to derive them again",
                    e);
        }
    }

    /** The persona that asks about the chunk: one of the set, spread evenly over the chunks and fixed by the seed. */
    Persona forChunk(String chunkId, long seed) {
        long h = seed;
        for (int i = 0; i < chunkId.length(); i++) {
            h = h * 31 + chunkId.charAt(i);
        }
        return personas.get((int) Math.floorMod(h ^ (h >>> 29), (long) personas.size()));
    }

    private void write(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Json.prettyWriter().writeValue(tmp.toFile(), this);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StoreException(file, "cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static ChatRequest request(List<ChatMessage> messages) {
        ChatRequest.Builder request =
                ChatRequest.builder().schema(SCHEMA).temperature(0).maxOutputTokens(600);
        messages.forEach(request::message);
        return request.build();
    }

    /** Up to {@link #SAMPLE_CHUNKS} chunks drawn across the documents, each cut to {@link #SAMPLE_CHARS}. */
    private static String excerpts(List<Chunk> chunks, long seed) {
        List<Chunk> drawn = StratifiedSampler.withSeed(seed)
                .sample(chunks, Math.min(SAMPLE_CHUNKS, chunks.size()), Chunk::id, Chunk::documentId);
        StringBuilder out = new StringBuilder();
        for (Chunk c : drawn) {
            String text = c.text().strip();
            out.append("From: ")
                    .append(c.sectionPath())
                    .append("\n<<<\n")
                    .append(text.length() <= SAMPLE_CHARS ? text : text.substring(0, SAMPLE_CHARS) + "...")
                    .append("\n>>>\n\n");
        }
        return out.toString();
    }

    /** The set a reply describes, or empty when it is not one. */
    static Optional<PersonaSet> parse(String text, String model) {
        try {
            JsonNode node = Json.reader().readTree(text);
            if (node == null || !node.path("personas").isArray()) {
                return Optional.empty();
            }
            List<Persona> personas = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (JsonNode p : node.path("personas")) {
                String name = p.path("name").asText("").strip();
                String description = p.path("description").asText("").strip();
                if (!name.isEmpty() && !description.isEmpty() && names.add(name.toLowerCase(Locale.ROOT))) {
                    personas.add(new Persona(name, description));
                }
            }
            if (personas.size() < MIN) {
                return Optional.empty();
            }
            return Optional.of(new PersonaSet(
                    node.path("field").asText("").strip(),
                    model,
                    VERSION,
                    personas.subList(0, Math.min(MAX, personas.size()))));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String abbreviate(String s) {
        String one = s.replaceAll("\\s+", " ").strip();
        return one.length() <= 120 ? "\"" + one + "\"" : "\"" + one.substring(0, 117) + "...\"";
    }
}
