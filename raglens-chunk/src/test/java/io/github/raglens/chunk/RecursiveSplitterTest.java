package io.github.raglens.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.chunk.StructurePreserver.Span;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecursiveSplitterTest {

    private static List<String> split(RecursiveSplitter s, String text, List<Span> atoms) {
        return s.split(text, 0, text.length(), atoms).stream()
                .map(p -> text.substring(p.start(), p.end()))
                .toList();
    }

    @Test
    void split_textWithinSize_isOnePieceTrimmed() {
        assertThat(split(new RecursiveSplitter(100, 10), "  short text \n", List.of()))
                .containsExactly("short text");
    }

    @Test
    void split_prefersParagraphBreaksOverLinesAndSpaces() {
        String text = "aaaa aaaa\nbbbb\n\ncccc cccc";
        assertThat(split(new RecursiveSplitter(16, 0), text, List.of()))
                .containsExactly("aaaa aaaa\nbbbb", "cccc cccc");
    }

    @Test
    void split_wordsWithOverlap_carriesTheTailOfThePreviousPiece() {
        String text = "one two three four five six";
        assertThat(split(new RecursiveSplitter(14, 6), text, List.of()))
                .containsExactly("one two three", "three four", "four five six");
    }

    @Test
    void split_noSeparator_cutsBetweenCharacters() {
        assertThat(split(new RecursiveSplitter(4, 0), "abcdefghij", List.of())).containsExactly("abcd", "efgh", "ij");
    }

    @Test
    void split_protectedSpanLongerThanSize_isAPieceOfItsOwn() {
        String formula = "$$ a + b + c + d $$";
        String text = "before " + formula + " after";
        int at = text.indexOf("$$");
        assertThat(split(new RecursiveSplitter(8, 0), text, List.of(new Span(at, at + formula.length()))))
                .containsExactly("before", formula, "after");
    }

    @Test
    void split_separatorsInsideAProtectedSpan_areNotCutPoints() {
        String text = "x\n\n$$ a\n\nb $$ y";
        int at = text.indexOf("$$");
        List<Span> atoms = List.of(new Span(at, text.length() - 2));
        assertThat(split(new RecursiveSplitter(12, 0), text, atoms)).containsExactly("x", "$$ a\n\nb $$ y");
    }

    @Test
    void split_surrogatePair_isNeverSplit() {
        String text = "ab\uD83D\uDE00cd";
        assertThat(split(new RecursiveSplitter(3, 0), text, List.of())).containsExactly("ab", "\uD83D\uDE00c", "d");
    }

    @Test
    void new_overlapNotBelowSize_isRejected() {
        assertThatThrownBy(() -> new RecursiveSplitter(10, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("overlap must be in [0, size), was 10");
    }
}
