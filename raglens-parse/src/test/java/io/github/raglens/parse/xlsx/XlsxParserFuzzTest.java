package io.github.raglens.parse.xlsx;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.InputBudget;
import io.github.raglens.fuzz.Scratch;
import java.nio.file.Path;

/** The bytes of an Excel workbook, damaged anyhow: parsed into sections or refused in one line. */
class XlsxParserFuzzTest {

    /** POI keeps a package's parts, its styles and shared strings in memory while it reads them. */
    static final InputBudget OFFICE_BUDGET = InputBudget.mebibytes(256);

    @HostileInputTest
    void parsesOrRefuses(FuzzedDataProvider data) {
        Path file = Scratch.file("harbour.xlsx", data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(ParseException.class, OFFICE_BUDGET, () -> new XlsxParser().parse(file));
    }
}
