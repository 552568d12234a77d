package io.github.raglens.parse.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import org.junit.jupiter.api.Test;

class ChartDataTest {

    @Test
    void theChartsTitleLeavesItsAxesTitlesOut() throws XMLStreamException {
        String xml = """
                <c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"
                    xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart>
                  <c:title><c:tx><c:rich><a:p><a:r><a:t>Wild ducks</a:t></a:r></a:p></c:rich></c:tx></c:title>
                  <c:plotArea><c:barChart><c:ser>
                    <c:tx><c:strRef><c:strCache><c:pt idx="0"><c:v>Freshwater</c:v></c:pt></c:strCache></c:strRef></c:tx>
                    <c:cat><c:strRef><c:strCache><c:pt idx="0"><c:v>2019</c:v></c:pt></c:strCache></c:strRef></c:cat>
                    <c:val><c:numRef><c:numCache><c:pt idx="0"><c:v>120</c:v></c:pt></c:numCache></c:numRef></c:val>
                  </c:ser></c:barChart>
                  <c:catAx><c:title><c:tx><c:rich><a:p><a:r><a:t>Year</a:t></a:r></a:p></c:rich></c:tx></c:title></c:catAx>
                  <c:valAx><c:title><c:tx><c:rich><a:p><a:r><a:t>Ducks</a:t></a:r></a:p></c:rich></c:tx></c:title></c:valAx>
                  </c:plotArea></c:chart></c:chartSpace>
                """;

        ChartData chart = ChartData.read(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));

        assertThat(chart.title()).isEqualTo("Wild ducks");
        assertThat(chart.rows()).containsExactly(List.of("", "Freshwater"), List.of("2019", "120"));
    }
}
