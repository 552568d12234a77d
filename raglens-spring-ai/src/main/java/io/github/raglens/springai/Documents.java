package io.github.raglens.springai;

import io.github.raglens.model.RetrievedContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.ai.document.Document;

/**
 * Spring AI documents as raglens contexts: the text, the document id, the score, and the source
 * file and page from the metadata that Spring AI's PDF readers write ({@code file_name}, {@code
 * page_number}), or the plainer {@code source} and {@code page}.
 */
final class Documents {

    private static final List<String> SOURCE_KEYS = List.of("file_name", "source", "url");
    private static final List<String> PAGE_KEYS = List.of("page_number", "page");

    private Documents() {}

    /** The contexts of the documents in order, leaving out documents without text (media). */
    static List<RetrievedContext> toContexts(List<Document> documents) {
        List<RetrievedContext> contexts = new ArrayList<>(documents.size());
        for (Document document : documents) {
            String text = document.getText();
            if (text == null || text.isEmpty()) {
                continue;
            }
            Map<String, Object> metadata = document.getMetadata();
            Double score = document.getScore();
            contexts.add(new RetrievedContext(
                    text,
                    document.getId() == null ? "" : document.getId(),
                    score == null ? Double.NaN : score,
                    first(metadata, SOURCE_KEYS),
                    page(metadata),
                    strings(metadata)));
        }
        return contexts;
    }

    private static String first(Map<String, Object> metadata, List<String> keys) {
        for (String key : keys) {
            Object value = metadata.get(key);
            if (value != null && !value.toString().isBlank()) {
                return value.toString();
            }
        }
        return "";
    }

    private static int page(Map<String, Object> metadata) {
        String page = first(metadata, PAGE_KEYS);
        try {
            return page.isEmpty() ? 0 : Math.max(0, Integer.parseInt(page.strip()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Map<String, String> strings(Map<String, Object> metadata) {
        Map<String, String> out = new LinkedHashMap<>();
        metadata.forEach((key, value) -> {
            if (value != null) {
                out.put(key, value.toString());
            }
        });
        return out;
    }
}
