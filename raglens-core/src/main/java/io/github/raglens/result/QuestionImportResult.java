package io.github.raglens.result;

import java.util.List;

/**
 * What {@code RagLens.importQuestions} did.
 *
 * @param imported questions written to {@code questions.jsonl}
 * @param warnings rows that were imported but will not count everywhere, each naming its line: an
 *     evidence quote too short or in too many chunks to identify its passage (evidence relevance
 *     leaves the question out unless ambiguous evidence is kept), or evidence that could not be
 *     checked because nothing is ingested yet
 */
public record QuestionImportResult(int imported, List<String> warnings) {

    /** Copies the warnings. */
    public QuestionImportResult {
        warnings = List.copyOf(warnings);
    }
}
