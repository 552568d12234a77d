package io.github.raglens.facade.internal;

import io.github.raglens.error.Remedy;
import io.github.raglens.error.StoreException;
import io.github.raglens.internal.Json;
import io.github.raglens.result.JudgeAgreement;
import io.github.raglens.result.JudgeAgreement.JudgeDisagreement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code judge-agreement.json}: the last evaluation's agreement between the judge and the second
 * judge, per metric, and the cells where they disagree most, as the report shows them. An
 * evaluation without a second judge removes the file, so a report never shows an old comparison.
 *
 * @param agreement per metric
 * @param disagreements the cells, largest gap first
 */
public record JudgeAgreementFile(
        List<ReportModel.AgreementRow> agreement, List<ReportModel.DisagreementRow> disagreements) {

    static final JudgeAgreementFile NONE = new JudgeAgreementFile(List.of(), List.of());

    public JudgeAgreementFile {
        agreement = List.copyOf(agreement);
        disagreements = List.copyOf(disagreements);
    }

    static JudgeAgreementFile of(List<JudgeAgreement> agreement, List<JudgeDisagreement> disagreements) {
        return new JudgeAgreementFile(
                agreement.stream()
                        .map(a -> new ReportModel.AgreementRow(
                                a.metric(),
                                a.judgeA(),
                                a.judgeB(),
                                a.cells(),
                                a.spearman().isPresent() ? a.spearman().getAsDouble() : null,
                                a.kappa().isPresent() ? a.kappa().getAsDouble() : null))
                        .toList(),
                disagreements.stream()
                        .map(d -> new ReportModel.DisagreementRow(
                                d.metric(), d.retriever(), d.questionId(), d.scoreA(), d.scoreB()))
                        .toList());
    }

    /** Writes the file, or removes it when there is nothing to compare. */
    void writeTo(Path file) {
        try {
            if (agreement.isEmpty()) {
                Files.deleteIfExists(file);
            } else {
                Json.prettyWriter().writeValue(file.toFile(), this);
            }
        } catch (IOException e) {
            throw new StoreException(file, "cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads the file; {@link #NONE} when it does not exist. */
    static JudgeAgreementFile read(Path file) {
        if (!Files.exists(file)) {
            return NONE;
        }
        try {
            return Json.reader().forType(JudgeAgreementFile.class).readValue(file.toFile());
        } catch (IOException e) {
            throw new StoreException(
                    file, file + " is not a judge agreement (" + e.getMessage() + "); " + Remedy.EVALUATE.again(), e);
        }
    }
}
