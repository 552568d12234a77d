package io.github.raglens.eval.evidence;

import io.github.raglens.model.Chunk;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Finds the chunks of a corpus whose text contains a quote, both {@link Evidence#normalize
 * normalised}: how many (is the quote's passage identified?), and which.
 *
 * <p>Each chunk's normalised text is kept, with a sorted dictionary of its words (maximal runs of
 * letters and digits) and the chunks holding each. A quote's inner words are whole words of any text
 * containing it; its first word may be the end of a longer one and its last the start of one, and a
 * quote of one word may sit inside a word. So the candidates are the chunks holding the rarest inner
 * word, or, for a quote without one, those holding a word that ends with its first word and a word
 * that starts with its last (found by binary search in the dictionary and in its reversed words), or
 * a word containing its only word; each candidate is then checked with a plain substring search. A
 * quote without any letter or digit is looked for in every chunk.
 *
 * <p>Immutable and thread-safe once built.
 */
public final class EvidenceIndex {

    private static final int[] NONE = new int[0];

    private final List<Chunk> chunks;
    private final String[] texts;
    /** The distinct words, sorted, and the chunks holding each, ascending. */
    private final String[] words;

    private final int[][] postings;
    /** Every word reversed, sorted, and the position in {@link #words} of each. */
    private final String[] reversed;

    private final int[] wordOfReversed;

    private EvidenceIndex(List<Chunk> chunks, String[] texts, Map<String, Postings> building) {
        this.chunks = chunks;
        this.texts = texts;
        this.words = building.keySet().toArray(String[]::new);
        Arrays.sort(words);
        this.postings = new int[words.length][];
        for (int w = 0; w < words.length; w++) {
            postings[w] = building.get(words[w]).toArray();
        }
        Integer[] byReversed = new Integer[words.length];
        String[] flipped = new String[words.length];
        for (int w = 0; w < words.length; w++) {
            byReversed[w] = w;
            flipped[w] = new StringBuilder(words[w]).reverse().toString();
        }
        Arrays.sort(byReversed, (a, b) -> flipped[a].compareTo(flipped[b]));
        this.reversed = new String[words.length];
        this.wordOfReversed = new int[words.length];
        for (int r = 0; r < words.length; r++) {
            reversed[r] = flipped[byReversed[r]];
            wordOfReversed[r] = byReversed[r];
        }
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
            for (int[] span : words(texts[i])) {
                building.computeIfAbsent(texts[i].substring(span[0], span[1]), w -> new Postings())
                        .add(i);
            }
        }
        return new EvidenceIndex(copy, texts, building);
    }

    /** The start and end of each word of a text: maximal runs of letters and digits. */
    private static List<int[]> words(String text) {
        List<int[]> out = new ArrayList<>();
        int start = -1;
        for (int j = 0; j < text.length(); ) {
            int cp = text.codePointAt(j);
            boolean word = Character.isLetterOrDigit(cp);
            if (word && start < 0) {
                start = j;
            } else if (!word && start >= 0) {
                out.add(new int[] {start, j});
                start = -1;
            }
            j += Character.charCount(cp);
        }
        if (start >= 0) {
            out.add(new int[] {start, text.length()});
        }
        return out;
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
        return (int) containing(quote).count();
    }

    /**
     * Whether any chunk contains the quote; stops at the first, so it costs less than {@link
     * #count} for a short quote that many chunks hold.
     *
     * @return false for a quote that normalises to nothing
     */
    public boolean anyContains(String quote) {
        return containing(quote).findFirst().isPresent();
    }

    /**
     * The chunks that contain the quote, in the order the index was given them.
     *
     * @return empty for a quote that normalises to nothing
     */
    public List<Chunk> chunksContaining(String quote) {
        return containing(quote).mapToObj(chunks::get).toList();
    }

    /** The positions of the chunks containing the quote, ascending, found lazily. */
    private IntStream containing(String quote) {
        String q = Evidence.normalize(Objects.requireNonNull(quote, "quote"));
        if (q.isEmpty()) {
            return IntStream.empty();
        }
        List<int[]> spans = words(q);
        IntStream candidates = spans.isEmpty() ? IntStream.range(0, texts.length) : candidates(q, spans);
        return candidates.filter(i -> texts[i].contains(q));
    }

    /** The chunks that may contain the quote, ascending; see the class comment. */
    private IntStream candidates(String q, List<int[]> spans) {
        int[] rarest = null;
        for (int[] span : spans) {
            if (span[0] > 0 && span[1] < q.length()) {
                int w = Arrays.binarySearch(words, q.substring(span[0], span[1]));
                int[] p = w >= 0 ? postings[w] : NONE;
                if (rarest == null || p.length < rarest.length) {
                    rarest = p;
                }
            }
        }
        if (rarest != null) {
            return Arrays.stream(rarest);
        }
        // no inner word: one or two words, each reaching an end of the quote
        BitSet found = matching(q, spans.getFirst());
        if (spans.size() > 1) {
            found.and(matching(q, spans.getLast()));
        }
        return found.stream();
    }

    /**
     * The chunks holding a word that can be this word of the quote: one ending with it when the quote
     * starts with it, starting with it when the quote ends with it, containing it when both.
     */
    private BitSet matching(String q, int[] span) {
        String word = q.substring(span[0], span[1]);
        boolean cutBefore = span[0] == 0;
        boolean cutAfter = span[1] == q.length();
        return cutBefore && cutAfter ? containingWord(word) : cutBefore ? endingWith(word) : startingWith(word);
    }

    /** The chunks holding a word that starts with {@code prefix}: one range of the sorted words. */
    private BitSet startingWith(String prefix) {
        BitSet out = new BitSet(texts.length);
        for (int w = lowerBound(words, prefix); w < words.length && words[w].startsWith(prefix); w++) {
            mark(out, postings[w]);
        }
        return out;
    }

    /** The chunks holding a word that ends with {@code suffix}: one range of the sorted reversed words. */
    private BitSet endingWith(String suffix) {
        String flipped = new StringBuilder(suffix).reverse().toString();
        BitSet out = new BitSet(texts.length);
        for (int r = lowerBound(reversed, flipped); r < reversed.length && reversed[r].startsWith(flipped); r++) {
            mark(out, postings[wordOfReversed[r]]);
        }
        return out;
    }

    /** The chunks holding a word that contains {@code part}: the dictionary is scanned. */
    private BitSet containingWord(String part) {
        BitSet out = new BitSet(texts.length);
        for (int w = 0; w < words.length; w++) {
            if (words[w].contains(part)) {
                mark(out, postings[w]);
            }
        }
        return out;
    }

    private static void mark(BitSet set, int[] chunks) {
        for (int c : chunks) {
            set.set(c);
        }
    }

    /** The first position whose string is not below {@code key}. */
    private static int lowerBound(String[] sorted, String key) {
        int at = Arrays.binarySearch(sorted, key);
        return at >= 0 ? at : -at - 1;
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
        return "EvidenceIndex{chunks=" + texts.length + ", words=" + words.length + "}";
    }
}
