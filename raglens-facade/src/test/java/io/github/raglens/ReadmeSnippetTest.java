package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's builder example, the examples main and the Javadoc snippet stay the same code. */
class ReadmeSnippetTest {

    private static List<String> codeLines(String text) {
        return text.lines()
                .map(l -> l.replaceFirst("^\\s*\\*?\\s?", "").strip())
                .filter(l -> !l.isEmpty())
                .toList();
    }

    private static String between(String text, String from, String to) {
        int s = text.indexOf(from);
        int e = text.indexOf(to, s + from.length());
        assertThat(s).as("marker %s", from).isNotNegative();
        assertThat(e).as("marker %s", to).isPositive();
        return text.substring(s + from.length(), e);
    }

    @Test
    void readme_example_andJavadoc_areTheSameCode() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        String readme = Files.readString(root.resolve("README.md"));
        String example =
                Files.readString(root.resolve("examples/src/main/java/io/github/raglens/examples/ReadmeExample.java"));
        String javadoc = Files.readString(root.resolve("raglens-facade/src/main/java/io/github/raglens/RagLens.java"));

        List<String> fromReadme = codeLines(between(readme, "```java\n", "```"));
        List<String> fromExample = codeLines(between(example, "// README:begin", "// README:end"));
        List<String> fromJavadoc = codeLines(between(javadoc, "<pre>{@code", "}</pre>"));

        assertThat(fromReadme).isNotEmpty().isEqualTo(fromExample).isEqualTo(fromJavadoc);
    }

    @Test
    void readmeUnitTestSection_isTheDownstreamExampleTest() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        String readme = Files.readString(root.resolve("README.md"));
        String test = Files.readString(
                root.resolve("examples/downstream/src/test/java/com/example/rag/RetrievalRegressionTest.java"));

        String section = readme.substring(readme.indexOf("## In your unit tests"));
        List<String> fromReadme = codeLines(between(section, "```java\n", "```"));
        List<String> fromTest = codeLines(between(test, "// README:begin", "// README:end"));

        assertThat(fromReadme).isNotEmpty().isEqualTo(fromTest);
    }
}
