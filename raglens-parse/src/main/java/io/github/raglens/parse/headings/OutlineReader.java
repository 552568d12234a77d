package io.github.raglens.parse.headings;

import io.github.raglens.parse.layout.Line;
import java.io.IOException;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;

/**
 * Reads the PDF outline (bookmarks) as headings, and places each entry at the line of its page that
 * carries its title.
 */
public final class OutlineReader {

    private static final int MAX_ENTRIES = 5_000;
    /** Deeper entries are not headings a reader follows; the bound keeps the walk off the stack's end. */
    private static final int MAX_DEPTH = 32;

    private static final Pattern NOT_LETTER_OR_DIGIT = Pattern.compile("[^\\p{L}\\p{Nd}]");

    private OutlineReader() {}

    /** The outline entries in document order; empty when the PDF has no outline. */
    public static List<HeadingCandidate> read(PDDocument document) {
        List<HeadingCandidate> out = new ArrayList<>();
        PDDocumentOutline outline = document.getDocumentCatalog().getDocumentOutline();
        if (outline != null) {
            // by dictionary: PDFBox wraps an entry anew each time it is reached, so a cycle never
            // returns the same PDOutlineItem
            Set<COSDictionary> visited = Collections.newSetFromMap(new IdentityHashMap<>());
            visited.add(outline.getCOSObject());
            walk(document, outline.children(), 1, out, visited);
        }
        return out;
    }

    private static void walk(
            PDDocument document,
            Iterable<PDOutlineItem> items,
            int level,
            List<HeadingCandidate> out,
            Set<COSDictionary> visited) {
        if (level > MAX_DEPTH) {
            return;
        }
        for (PDOutlineItem item : items) {
            if (out.size() >= MAX_ENTRIES || !visited.add(item.getCOSObject())) {
                return; // a cyclic or absurdly large outline
            }
            String title = item.getTitle() == null ? "" : clean(item.getTitle());
            int page = 0;
            try {
                PDPage target = item.findDestinationPage(document);
                page = target == null ? 0 : document.getPages().indexOf(target) + 1;
            } catch (IOException | RuntimeException e) {
                page = 0;
            }
            if (!title.isEmpty()) {
                out.add(new HeadingCandidate(title, level, Math.max(0, page)));
            }
            walk(document, item.children(), level + 1, out, visited);
        }
    }

    private static String clean(String title) {
        return Normalizer.normalize(title, Normalizer.Form.NFKC)
                .replaceAll("[\\p{Cntrl}\\s]+", " ")
                .strip();
    }

    /** Letters and digits only, lowercased, numbering removed: the key titles are matched on. */
    public static String key(String text) {
        return NOT_LETTER_OR_DIGIT
                .matcher(Numbering.strip(text).toLowerCase(Locale.ROOT))
                .replaceAll("");
    }

    /**
     * Places outline entries on lines. Entries whose title is found on their page start at that line
     * (and consume the following lines that continue the title); the others open at the first line of
     * their page.
     *
     * @param lines all lines in reading order
     * @param entries outline entries in order
     * @return headings by the line before which they open, with the lines that are heading text
     */
    public static Headings place(List<Line> lines, List<HeadingCandidate> entries) {
        Map<Line, HeadingCandidate> startsAt = new IdentityHashMap<>();
        Map<Line, List<HeadingCandidate>> before = new IdentityHashMap<>();
        Set<Line> consumed = Collections.newSetFromMap(new IdentityHashMap<>());
        // each line's key, made when first compared: entries are looked for from the same lines onwards
        String[] keys = new String[lines.size()];
        int cursor = 0;
        for (HeadingCandidate entry : entries) {
            String want = key(entry.title());
            int found = -1;
            int taken = 0;
            if (!want.isEmpty()) {
                for (int i = cursor; i < lines.size(); i++) {
                    Line line = lines.get(i);
                    if (entry.page() > 0 && line.page() > entry.page()) {
                        break;
                    }
                    if (entry.page() > 0 && line.page() < entry.page() || consumed.contains(line)) {
                        continue;
                    }
                    int n = matchLength(lines, keys, i, want);
                    if (n > 0) {
                        found = i;
                        taken = n;
                        break;
                    }
                }
            }
            if (found >= 0) {
                Line start = lines.get(found);
                if (startsAt.containsKey(start)) {
                    before.computeIfAbsent(start, k -> new ArrayList<>()).add(entry);
                } else {
                    startsAt.put(start, entry);
                }
                for (int k = 0; k < taken; k++) {
                    consumed.add(lines.get(found + k));
                }
                cursor = found + taken;
            } else {
                int at = firstLineOfPage(lines, cursor, entry.page());
                if (at >= 0) {
                    before.computeIfAbsent(lines.get(at), k -> new ArrayList<>())
                            .add(entry);
                    cursor = at;
                }
            }
        }
        return new Headings(startsAt, consumed, before, Map.of());
    }

    private static int firstLineOfPage(List<Line> lines, int from, int page) {
        for (int i = from; i < lines.size(); i++) {
            if (page <= 0 || lines.get(i).page() >= page) {
                return i;
            }
        }
        return -1;
    }

    /** How many lines from {@code i} spell the wanted title (0 when they do not). */
    private static int matchLength(List<Line> lines, String[] keys, int i, String want) {
        String have = "";
        for (int n = 0; n < 4 && i + n < lines.size(); n++) {
            Line line = lines.get(i + n);
            if (n > 0 && line.page() != lines.get(i).page()) {
                return 0;
            }
            if (keys[i + n] == null) {
                keys[i + n] = key(line.text());
            }
            have += keys[i + n];
            if (have.isEmpty()) {
                return 0;
            }
            if (have.equals(want)) {
                return n + 1;
            }
            if (!want.startsWith(have)) {
                return 0;
            }
        }
        return 0;
    }
}
