package io.github.raglens.eval.benchmark;

import io.github.raglens.eval.evidence.Evidence;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievedChunk;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whitespace-normalised chunk texts for evidence relevance, each computed once per run however often
 * the chunk is retrieved. Thread-safe.
 */
final class EvidenceTexts {
    private final ConcurrentHashMap<Chunk, String> normalized = new ConcurrentHashMap<>();

    String of(Chunk c) {
        String t = normalized.get(c);
        return t != null ? t : normalized.computeIfAbsent(c, x -> Evidence.normalize(x.text()));
    }

    /** The normalised context text: what {@code Evidence.normalize(hit.contextText())} gives. */
    String context(RetrievedChunk hit) {
        List<Chunk> context = hit.context();
        if (context.size() == 1) {
            return of(context.getFirst());
        }
        StringBuilder sb = new StringBuilder();
        for (Chunk c : context) {
            String t = of(c);
            if (!t.isEmpty()) {
                if (!sb.isEmpty()) {
                    sb.append(' ');
                }
                sb.append(t);
            }
        }
        return sb.toString();
    }
}
