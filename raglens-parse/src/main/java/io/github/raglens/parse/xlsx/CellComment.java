package io.github.raglens.parse.xlsx;

import io.github.raglens.parse.document.Blocks;
import org.apache.poi.xssf.usermodel.XSSFComment;

/**
 * A cell's comment as a line of text: {@code Comment on B2 by Ann: text}. A threaded comment of Excel
 * 365, which older readers see as a note holding a notice about threaded comments, is read as its
 * comment and replies, without the notice; its author there is an id, not a name, and is left out.
 */
final class CellComment {

    private static final String THREADED = "[Threaded comment]";
    private static final String COMMENT = "Comment:";
    private static final String REPLY = "Reply:";

    private CellComment() {}

    static String line(String cell, XSSFComment comment) {
        String text = comment.getString().getString();
        String author = comment.getAuthor() == null ? "" : comment.getAuthor().strip();
        if (text.startsWith(THREADED) && text.contains(COMMENT)) {
            text = text.substring(text.indexOf(COMMENT) + COMMENT.length())
                    .replace("\n" + REPLY + "\n", "\n" + REPLY + " ");
        }
        if (author.startsWith("tc=")) {
            author = "";
        }
        return "Comment on " + cell + (author.isEmpty() ? "" : " by " + author) + ": " + Blocks.inline(text);
    }
}
