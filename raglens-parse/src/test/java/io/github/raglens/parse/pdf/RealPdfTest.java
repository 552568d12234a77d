package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Table;
import io.github.raglens.testdata.SharedData;
import java.util.List;
import org.junit.jupiter.api.Test;

class RealPdfTest {

    @Test
    void parse_landscapePagesWithRotatedText_keepTheirTextAndTables() {
        Document d = PdfParser.create().parse(SharedData.require("tabula-java/resources/schools.pdf"));
        List<Table> tables = d.root().tables();
        assertThat(tables).isNotEmpty();
        assertThat(tables.getFirst().page()).isEqualTo(1);
        assertThat(tables.getFirst().columnCount()).isGreaterThanOrEqualTo(5);
        assertThat(d.root().text()).contains("| --- |");
    }
}
