package io.github.raglens.eval.evidence;

import io.github.raglens.model.Chunk;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Finds the chunks of a corpus whose text contains a quote, both {@link Evidence#normalize
 * normalised}: how many (is the quote's passage identified?), and which.
 *
 * <p>Each chunk's normalised text is kept, with an index from every word (a maximal run of letters
 * and digits) to the chunks holding it. A quote's words other than its first and last are whole
 * words of any text containing the quote (its first and last may be cut), so the chunks holding the
 * rarest of them are the only candidates, and each is checked with a plain substring search. A quote
 * without such a word (one or two words, or a script written without spaces) is looked for in every
 * chunk.
 *
 * <p>Immutable and thread-safe once built.
 */
public final class EvidenceIndex {

    private static final int[] NONE = new int[0];

    private final List<Chunk> chunks;
    private final String[] texts;
    private final Map<String, int[]> postings;

    private EvidenceIndex(List<Chunk> chunks, String[] texts, Map<String, int[]> postings) {
        this.chunks = chunks;
        this.texts = texts;
        this.postings = postings;
    }

    /**
     * Indexes the chunks.
     *
     * @param chunks the corpus, in any order
     * @return the index
     */
    public static EvidenceIndex of(List<Chunk> chunks) {
        List<Chunk> copy = List.copyOf(chunks);
        String[] texts = new String[copy.size()];
        IntStream.range(0, texts.length)
                .parallel()
                .forEach(i -> texts[i] = Evidence.normalize(copy.get(i).text()));
        Map<String, Postings> building = new HashMap<>();
        for (int i = 0; i < texts.length; i++) {
            String text = texts[i];
            int start = -1;
            for (int j = 0; j <= text.length(); ) {
                int cp = j < text.length() ? text.codePointAt(j) : ' ';
                boolean word = j < text.length() && Character.isLetterOrDigit(cp);
                if (word && start < 0) {
                    start = j;
                } else if (!word && start >= 0) {
                    building.computeIfAbsent(text.substring(start, j), w -> new Postings())
                            .add(i);
                    start = -1;
                }
                j += j < text.length() ? Character.charCount(cp) : 1;
            }
        }
        Map<String, int[]> postings = new HashMap<>(building.size() * 2);
        building.forEach((word, p) -> postings.put(word, p.toArray()));
        return new EvidenceIndex(copy, texts, postings);
    }

    /** Chunks indexed. */
    public int size() {
        return texts.length;
    }

    /**
     * How many chunks contain the quote.
     *
     * @return 0 for a quote that normalises to nothing
     */
    public int count(String quote) {
        return containing(quote).length;
    }

    /**
     * The chunks that contain the quote, in the order the index was given them.
     *
     * @return empty for a quote that normalises to nothing
     */
    public List<Chunk> chunksContaining(String quote) {
        int[] found = containing(quote);
        List<Chunk> out = new ArrayList<>(found.length);
        for (int i : found) {
            out.add(chunks.get(i));
        }
        return out;
    }

    private int[] containing(String quote) {
        String q = Evidence.normalize(Objects.requireNonNull(quote, "quote"));
        if (q.isEmpty()) {
            return NONE;
        }
        int[] candidates = rarestInnerWord(q);
        if (candidates == null) {
            return IntStream.range(0, texts.length)
                    .filter(i -> texts[i].contains(q))
                    .toArray();
        }
        return Arrays.stream(candidates).filter(i -> texts[i].contains(q)).toArray();
    }

    /**
     * The postings of the quote's rarest word that is neither its first nor its last (empty when one
     * is in no chunk), or null when it has no such word.
     */
    private int[] rarestInnerWord(String q) {
        int[] rarest = null;
        int start = -1;
        for (int j = 0; j < q.length(); ) {
            int cp = q.codePointAt(j);
            boolean word = Character.isLetterOrDigit(cp);
            if (word && start < 0) {
                start = j;
            } else if (!word && start >= 0) {
                if (start > 0) {
                    int[] p = postings.getOrDefault(q.substring(start, j), NONE);
                    if (rarest == null || p.length < rarest.length) {
                        rarest = p;
                    }
                    if (p.length == 0) {
                        return p;
                    }
                }
                start = -1;
            }
            j += Character.charCount(cp);
        }
        return rarest;
    }

    /** A growing list of chunk positions, each added once (chunks are indexed in order). */
    private static final class Postings {
        private int[] items = new int[2];
        private int size;

        void add(int chunk) {
            if (size > 0 && items[size - 1] == chunk) {
                return;
            }
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = chunk;
        }

        int[] toArray() {
            return Arrays.copyOf(items, size);
        }
    }

    @Override
    public String toString() {
        return "EvidenceIndex{chunks=" + texts.length + ", words=" + postings.size() + "}";
    }
}
