package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's contract-test example is the code of {@link WordOverlapRetrieverTest}. */
class ReadmeContractExampleTest {

    private static List<String> codeLines(String text) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    private static String between(String text, String from, String to) {
        int s = text.indexOf(from);
        assertThat(s).as("marker %s", from).isNotNegative();
        int e = text.indexOf(to, s + from.length());
        assertThat(e).as("marker %s", to).isPositive();
        return text.substring(s + from.length(), e);
    }

    @Test
    void readmeSection_isTheCompiledExample() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        String readme = Files.readString(root.resolve("README.md"));
        String test =
                Files.readString(Path.of("src/test/java/io/github/raglens/testkit/WordOverlapRetrieverTest.java"));

        String section = readme.substring(readme.indexOf("## Testing your own implementation"));
        List<String> fromReadme = codeLines(between(section, "```java\n", "```"));
        List<String> fromTest = codeLines(between(test, "// README:begin", "// README:end"));

        assertThat(fromReadme).isNotEmpty().isEqualTo(fromTest);
    }
}
