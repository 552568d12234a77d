package io.github.raglens.parse.pdf;

import io.github.raglens.model.Table;
import io.github.raglens.parse.layout.Line;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One piece of a document's reading order once its tables are in place: a line of text or a table.
 * The stages after layout pass the pieces on in order, each taking out or joining what it owns.
 */
sealed interface Piece {

    /** A line of text, told apart from other lines by identity. */
    record LinePiece(Line line) implements Piece {}

    /** A table, in the place of the words it covered. */
    record TablePiece(Table table) implements Piece {}

    /** The line this piece is, or empty for a table. */
    default Optional<Line> asLine() {
        return switch (this) {
            case LinePiece(Line line) -> Optional.of(line);
            case TablePiece t -> Optional.empty();
        };
    }

    /** The table this piece is, or empty for a line. */
    default Optional<Table> asTable() {
        return switch (this) {
            case LinePiece l -> Optional.empty();
            case TablePiece(Table table) -> Optional.of(table);
        };
    }

    /** The lines among the pieces, in order. */
    static List<Line> lines(List<Piece> pieces) {
        List<Line> lines = new ArrayList<>();
        for (Piece piece : pieces) {
            piece.asLine().ifPresent(lines::add);
        }
        return lines;
    }
}
