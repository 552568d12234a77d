package io.github.raglens.chunk;

import io.github.raglens.chunk.StructurePreserver.Span;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Splits a span of text into pieces of at most {@code size} characters that overlap by up to {@code
 * overlap} characters, preferring to cut at paragraph breaks, then line breaks, then spaces, and only
 * then between characters.
 *
 * <p>Works on offsets: every piece is a contiguous span of the input, so its text is a substring of
 * the input and its span is exact. Protected spans (formulas) are opaque: no cut falls inside one, and
 * a protected span longer than {@code size} becomes a piece of its own. Pieces are trimmed of
 * surrounding whitespace and whitespace-only pieces are dropped. Immutable and thread-safe.
 */
final class RecursiveSplitter {

    private static final String[] SEPARATORS = {"\n\n", "\n", " ", ""};

    private final int size;
    private final int overlap;

    RecursiveSplitter(int size, int overlap) {
        if (size < 1) {
            throw new IllegalArgumentException("size must be >= 1, was " + size);
        }
        if (overlap < 0 || overlap >= size) {
            throw new IllegalArgumentException("overlap must be in [0, size), was " + overlap);
        }
        this.size = size;
        this.overlap = overlap;
    }

    /** The separators tried in order; the empty one means "between any two characters". */
    static List<String> separators() {
        return List.of(SEPARATORS);
    }

    /**
     * Splits {@code text[from, to)}.
     *
     * @param protectedSpans sorted, non-overlapping spans that must not be cut; spans outside {@code
     *     [from, to)} are ignored
     * @return trimmed, non-empty pieces in order
     */
    List<Span> split(String text, int from, int to, List<Span> protectedSpans) {
        List<Span> raw = new ArrayList<>();
        Atoms atoms = new Atoms(protectedSpans);
        splitRange(text, from, to, 0, atoms, raw);
        List<Span> out = new ArrayList<>(raw.size());
        for (Span s : raw) {
            int a = s.start();
            int b = s.end();
            while (a < b && Character.isWhitespace(text.charAt(a))) {
                a++;
            }
            while (b > a && Character.isWhitespace(text.charAt(b - 1))) {
                b--;
            }
            if (a < b) {
                out.add(new Span(a, b));
            }
        }
        return out;
    }

    private void splitRange(String text, int from, int to, int level, Atoms atoms, List<Span> out) {
        if (to - from <= size) {
            out.add(new Span(from, to));
            return;
        }
        int sepLevel = level;
        while (sepLevel < SEPARATORS.length - 1 && !occurs(text, from, to, SEPARATORS[sepLevel], atoms)) {
            sepLevel++;
        }
        List<Span> pieces = cut(text, from, to, SEPARATORS[sepLevel], atoms);
        boolean last = sepLevel == SEPARATORS.length - 1;
        List<Span> small = new ArrayList<>();
        for (Span p : pieces) {
            if (p.length() <= size) {
                small.add(p);
                continue;
            }
            merge(small, out);
            small.clear();
            if (last) {
                out.add(p); // one protected span longer than size: kept whole, alone
            } else {
                splitRange(text, p.start(), p.end(), sepLevel + 1, atoms, out);
            }
        }
        merge(small, out);
    }

    /** Greedily joins adjacent pieces up to {@code size}, starting each new run with an overlap tail. */
    private void merge(List<Span> pieces, List<Span> out) {
        Deque<Span> current = new ArrayDeque<>();
        int total = 0;
        for (Span p : pieces) {
            int len = p.length();
            if (total + len > size && !current.isEmpty()) {
                out.add(new Span(current.getFirst().start(), current.getLast().end()));
                while (total > overlap || (total + len > size && total > 0)) {
                    total -= current.removeFirst().length();
                }
            }
            current.addLast(p);
            total += len;
        }
        if (!current.isEmpty()) {
            out.add(new Span(current.getFirst().start(), current.getLast().end()));
        }
    }

    private static boolean occurs(String text, int from, int to, String sep, Atoms atoms) {
        int i = text.indexOf(sep, from);
        while (i >= 0 && i + sep.length() <= to) {
            if (!atoms.cutsAt(i + sep.length())) {
                return true;
            }
            i = text.indexOf(sep, i + 1);
        }
        return false;
    }

    /**
     * Cuts at every occurrence of {@code sep} outside protected spans, the separator staying at the
     * end of the piece before it so that pieces tile the range exactly. The empty separator cuts
     * between characters, keeping each protected span as one piece.
     */
    private static List<Span> cut(String text, int from, int to, String sep, Atoms atoms) {
        List<Span> out = new ArrayList<>();
        if (sep.isEmpty()) {
            int i = from;
            while (i < to) {
                Span p = atoms.containing(i);
                int end = p == null ? i + 1 : Math.min(p.end(), to);
                if (p == null && Character.isHighSurrogate(text.charAt(i)) && end < to) {
                    end++; // never split a surrogate pair
                }
                out.add(new Span(i, end));
                i = end;
            }
            return out;
        }
        int start = from;
        int i = text.indexOf(sep, from);
        while (i >= 0 && i + sep.length() <= to) {
            if (atoms.cutsAt(i + sep.length())) {
                i = text.indexOf(sep, i + 1);
                continue;
            }
            int end = i + sep.length();
            out.add(new Span(start, end));
            start = end;
            i = text.indexOf(sep, end);
        }
        if (start < to) {
            out.add(new Span(start, to));
        }
        return out;
    }

    /** Sorted protected spans with lookups by position. */
    private static final class Atoms {
        private final List<Span> spans;

        Atoms(List<Span> spans) {
            this.spans = spans;
        }

        /** The protected span with {@code start <= i < end}, or null. */
        Span containing(int i) {
            int lo = 0;
            int hi = spans.size() - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                Span s = spans.get(mid);
                if (s.end() <= i) {
                    lo = mid + 1;
                } else if (s.start() > i) {
                    hi = mid - 1;
                } else {
                    return s;
                }
            }
            return null;
        }

        /** Whether a cut at {@code position} would fall inside a protected span. */
        boolean cutsAt(int position) {
            Span s = containing(position);
            return s != null && s.start() < position;
        }
    }
}
