package io.github.raglens.chunk;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.util.List;
import java.util.Map;

/** Small documents the chunker tests of both packages share. */
public final class TestDocuments {

    private TestDocuments() {}

    /** A paper whose root holds one section of this text. */
    public static Document oneSection(String text) {
        Section s = new Section("s1", "1 Results", 1, text, 3, 4, List.of(), List.of());
        Section root = new Section("root", "paper", 0, "", 1, 9, List.of(), List.of(s));
        return new Document("doc", "paper", "paper.pdf", 9, Map.of(), root);
    }

    /** Text of exactly {@code chars} characters: words, with a paragraph break every 40 words. */
    public static String words(int chars) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (sb.length() < chars) {
            sb.append(i % 40 == 39 ? "end.\n\n" : "word" + (i % 10) + " ");
            i++;
        }
        return sb.substring(0, chars);
    }

    /** A five-page paper: an abstract, an introduction, and a method section with two subsections. */
    public static Document paper() {
        Section training = new Section("s3.2", "3.2 Training", 2, "We train.", 4, 5, List.of(), List.of());
        Section method = new Section(
                "s3",
                "3 Method",
                1,
                "Method text.",
                3,
                5,
                List.of(),
                List.of(Section.of("s3.1", "3.1 Data", 2, "Data text."), training));
        Section intro = new Section("s1", "1 Introduction", 1, "Intro.", 1, 2, List.of(), List.of());
        Section root = new Section("root", "paper", 0, "Abstract.", 1, 5, List.of(), List.of(intro, method));
        return new Document("doc1", "A Paper", "paper.pdf", 5, Map.of(), root);
    }
}
