package io.github.raglens.parse.headings;

import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Captions;
import io.github.raglens.parse.layout.Line;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Headings run into their paragraph: a line that opens with a bold or italic lead-in ("1.1. Judging
 * answers." in amsart, "Evaluation protocol." in LNCS, "1) Table extraction:" in IEEE) and goes on in
 * the body's font, or a numbered heading followed on its line by the paragraph's first sentence. The
 * lead-in is the heading's title; the rest of the line starts the paragraph.
 */
final class RunIns {

    private static final Pattern NUMBER = Pattern.compile("\\d{1,2}(\\.\\d{1,2}){0,4}\\.?|\\d{1,2}\\)");

    private static final Pattern STATEMENT = Pattern.compile(
            "^(theorem|lemma|definition|proof|corollary|proposition|remark|example|note|notes|claim|step|case)\\b.*",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern THREE_LETTERS = Pattern.compile(".*\\p{L}{3}.*");

    private RunIns() {}

    /**
     * Whether a line opens with a numbered bold lead-in that runs on into its paragraph, as LNCS sets
     * its subsubsections and amsart its subsections ("1.1. Inter-annotator agreement. Score ...").
     */
    static boolean numbered(Line line, float body, boolean boldBody) {
        if (boldBody) {
            return false;
        }
        Line tail = tail(line, body);
        return tail != null && Numbering.level(lead(line, tail)) > 0;
    }

    /**
     * The words after a run-in heading: a line that opens with a bold lead-in (a title of at most ten
     * words, ending with a full stop or a colon unless it is most of the line) and goes on in the body
     * font. Null when the line is not one.
     */
    static Line tail(Line line, float body) {
        List<Word> words = line.words();
        // the number may be set in the body font before a bold title (amsart's "1.1. Judging answers.")
        int first = words.size() > 1 && number(words.getFirst().text()) ? 1 : 0;
        int k = first;
        while (k < words.size() && words.get(k).bold()) {
            k++;
        }
        // or, after a number, an italic title ending in a stop or a colon (amsart's "1.1.1. Chunking
        // sections.", IEEE's "1) Table extraction:")
        boolean italicLead = false;
        if (k == first && first == 1) {
            while (k < words.size() && words.get(k).italic()) {
                k++;
            }
            String end = k > first ? words.get(k - 1).text() : "";
            italicLead = end.endsWith(".") || end.endsWith(":");
            k = italicLead ? k : first;
        }
        if (k == first || k == words.size() || k > 10 || line.size() < body - 0.6f || line.size() > 1.5f * body) {
            return null;
        }
        Line tail = new Line(line.page(), line.column(), words.subList(k, words.size()));
        String lead = lead(line, tail);
        String ending = words.get(k - 1).text();
        boolean punctuated = ending.endsWith(".") || ending.endsWith(":") || ending.endsWith("\u2014");
        // a numbered lead-in ("1.2.1 Evaluation protocol" of Springer's LNCS) needs no stop: its number
        // marks it
        if (!punctuated && !(k >= 3 && line.boldShare() >= 0.6) && Numbering.level(lead) == 0) {
            return null;
        }
        String rest = Numbering.level(lead) > 0 ? Numbering.strip(lead) : lead;
        if (rest.isEmpty()
                || !Character.isUpperCase(rest.codePointAt(0))
                || !THREE_LETTERS.matcher(rest).matches()
                || Captions.floatLabel(lead)
                || STATEMENT.matcher(lead).matches()
                || line.mathShare() > 0.3) {
            return null;
        }
        return tail;
    }

    /** Whether a word is a section's number; one not opening with a digit is spared the matcher (asked of every line). */
    private static boolean number(String word) {
        return !word.isEmpty()
                && word.charAt(0) >= '0'
                && word.charAt(0) <= '9'
                && NUMBER.matcher(word).matches();
    }

    /**
     * The sentence after a numbered heading set in its paragraph's font: the words after the title's
     * full stop when a capitalised word follows it on the line. Null when there is none.
     */
    static Line sentenceTail(Line line) {
        List<Word> words = line.words();
        for (int k = 1; k < words.size() - 1; k++) {
            String word = words.get(k).text();
            // "e.g." and "Fig." end in a stop and end no title
            if (word.length() > 4
                    && word.endsWith(".")
                    && Character.isUpperCase(words.get(k + 1).text().codePointAt(0))) {
                return new Line(line.page(), line.column(), words.subList(k + 1, words.size()));
            }
        }
        return null;
    }

    /** The lead-in's text without the stop or colon that ends it. */
    static String lead(Line line, Line tail) {
        String lead = line.words().subList(0, line.words().size() - tail.words().size()).stream()
                .map(Word::text)
                .collect(java.util.stream.Collectors.joining(" "));
        return lead.replaceAll("[.:\u2014]+$", "").strip();
    }
}
