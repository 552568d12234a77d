package io.github.raglens.langchain4j;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import io.github.raglens.model.RetrievedContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * LangChain4j contents and text segments as raglens contexts: the text, the embedding id, the
 * (reranked) score, and the source file and page from the segment metadata that LangChain4j's
 * document loaders and splitters write ({@code file_name}, {@code page_number}), or the plainer
 * {@code source} and {@code page}.
 */
final class Contents {

    private static final List<String> SOURCE_KEYS = List.of("file_name", "source", "url");
    private static final List<String> PAGE_KEYS = List.of("page_number", "page");

    private Contents() {}

    /** The contexts of the contents in order, leaving out contents without text. */
    static List<RetrievedContext> toContexts(List<Content> contents) {
        List<RetrievedContext> contexts = new ArrayList<>(contents.size());
        for (Content content : contents) {
            TextSegment segment = content.textSegment();
            if (segment == null || segment.text() == null || segment.text().isEmpty()) {
                continue;
            }
            Map<ContentMetadata, Object> meta = content.metadata();
            Object id = meta.get(ContentMetadata.EMBEDDING_ID);
            Object score = meta.containsKey(ContentMetadata.RERANKED_SCORE)
                    ? meta.get(ContentMetadata.RERANKED_SCORE)
                    : meta.get(ContentMetadata.SCORE);
            contexts.add(toContext(segment, id == null ? "" : id.toString(), score));
        }
        return contexts;
    }

    /** One segment with its id ({@code ""} when none) and score (null when none). */
    static RetrievedContext toContext(TextSegment segment, String id, Object score) {
        Metadata metadata = segment.metadata();
        return new RetrievedContext(
                segment.text(),
                id,
                score instanceof Number n ? n.doubleValue() : Double.NaN,
                firstString(metadata, SOURCE_KEYS),
                page(metadata),
                strings(metadata));
    }

    private static String firstString(Metadata metadata, List<String> keys) {
        Map<String, Object> map = metadata.toMap();
        for (String key : keys) {
            Object value = map.get(key);
            if (value != null && !value.toString().isBlank()) {
                return value.toString();
            }
        }
        return "";
    }

    private static int page(Metadata metadata) {
        String page = firstString(metadata, PAGE_KEYS);
        try {
            return page.isEmpty() ? 0 : Math.max(0, Integer.parseInt(page.strip()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Map<String, String> strings(Metadata metadata) {
        Map<String, String> out = new LinkedHashMap<>();
        metadata.toMap().forEach((key, value) -> {
            if (value != null) {
                out.put(key, value.toString());
            }
        });
        return out;
    }
}
