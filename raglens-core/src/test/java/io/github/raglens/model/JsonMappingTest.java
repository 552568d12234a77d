package io.github.raglens.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.internal.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonMappingTest {

    private static <T> T roundTrip(T value, Class<T> type) throws Exception {
        String json = Json.writer().writeValueAsString(value);
        return Json.reader().forType(type).readValue(json);
    }

    static Chunk chunk(String id, int fragment) {
        return new Chunk(
                id,
                "doc-1",
                "s-2",
                "s-1",
                "paper > 3 Method",
                fragment < 0 ? ChunkType.PARENT_SECTION : ChunkType.SECTION_FRAGMENT,
                fragment,
                4,
                "Adam uses \"moments\" é ∑ <b>",
                10,
                40,
                3,
                4);
    }

    @Test
    void document_withNestedSectionsAndTables_roundTrips() throws Exception {
        Table table = new Table(2, List.of(List.of("a", "b"), List.of("1", "2")));
        Section child = new Section(
                "s-2", "3.2 Training", 2, "| a | b |\n|---|---|\n| 1 | 2 |", 2, 3, List.of(table), List.of());
        Section root = new Section("s-1", "Paper", 0, "intro", 1, 3, List.of(), List.of(child));
        Document doc = new Document("doc-1", "Paper", "papers/p.pdf", 3, Map.of("author", "A. B."), root);

        assertThat(roundTrip(doc, Document.class)).isEqualTo(doc);
    }

    @Test
    void chunk_roundTrips_andWritesOnlyItsComponents() throws Exception {
        Chunk c = chunk("c-1", 0);
        assertThat(roundTrip(c, Chunk.class)).isEqualTo(c);

        JsonNode node = Json.toTree(c);
        assertThat(node.has("fragment"))
                .as("derived isFragment() must not be written")
                .isFalse();
        assertThat(node.get("type").asText()).isEqualTo("SECTION_FRAGMENT");
        assertThat(node.get("parentSectionId").asText()).isEqualTo("s-1");
    }

    @Test
    void chunk_withoutParent_roundTripsNull() throws Exception {
        Chunk c = new Chunk("c", "d", "s", null, "d", ChunkType.PARENT_SECTION, -1, 0, "t", 0, 1, 0, 0);
        assertThat(roundTrip(c, Chunk.class)).isEqualTo(c);
    }

    @Test
    void questionSample_flattenedSection_andUsage_roundTrip() throws Exception {
        QuestionSample q = new QuestionSample(
                "q-1",
                "How is Adam's step size bounded?",
                "By alpha.",
                "bounded by alpha",
                "c-1",
                "doc-1",
                "s-2",
                QuestionStatus.SUCCESS,
                "");
        FlattenedSection f = new FlattenedSection("doc-1", "s-2", null, "Training", 2, "doc > Training", "text", 1, 2);
        TokenUsage u = new TokenUsage(120, 30);

        assertThat(roundTrip(q, QuestionSample.class)).isEqualTo(q);
        assertThat(roundTrip(f, FlattenedSection.class)).isEqualTo(f);
        assertThat(roundTrip(u, TokenUsage.class)).isEqualTo(u);
    }

    @Test
    void retrievalResult_withExpandedContext_roundTrips() throws Exception {
        Chunk parent = chunk("p", -1);
        Chunk child = chunk("c", 1);
        RetrievalResult r = new RetrievalResult(
                "hierarchical",
                "what is adam",
                List.of(new RetrievedChunk(1, 0.9, parent, child, List.of(parent)), RetrievedChunk.of(2, 0.5, child)),
                1234);

        assertThat(roundTrip(r, RetrievalResult.class)).isEqualTo(r);
        assertThat(r.chunkIds()).containsExactly("p", "c");
    }

    @Test
    void chatRequest_withSchemaAndSeed_roundTrips() throws Exception {
        ChatRequest req = ChatRequest.builder()
                .system("Be brief.")
                .user("Say hi")
                .schema(new ResponseSchema("greeting", "{\"type\":\"object\"}"))
                .seed(42)
                .temperature(0.2)
                .maxOutputTokens(64)
                .build();

        assertThat(roundTrip(req, ChatRequest.class)).isEqualTo(req);
    }
}
