package io.github.raglens.eval.trec;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.result.TrecEvalOptions;
import io.github.raglens.testdata.SharedData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every {@code quicktest} case of {@code trec_eval} whose measures raglens supports and
 * compares the whole output, line by line and digit by digit, with the reference output.
 */
class TrecEvalReproductionTest {

    static Stream<Arguments> quicktestCases() throws IOException {
        Path root = SharedData.require("trec_eval");
        List<Arguments> cases = new ArrayList<>();
        for (String line : Files.readAllLines(root.resolve("quicktest-commands.txt"), StandardCharsets.UTF_8)) {
            String command = line.strip();
            if (!command.startsWith("./trec_eval ") || command.contains("-R") || command.contains("-Z")) {
                // Preference (-R prefs/qrels_jg) and z-score (-Z) cases use measures raglens does not offer.
                continue;
            }
            cases.add(Arguments.of(command, root));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("quicktestCases")
    void output_matchesTrecEvalToEveryDigit(String command, Path root) throws IOException {
        String[] pipe = command.split("\\|");
        String[] words = pipe[0].strip().split("\\s+");
        Path expected = root.resolve(pipe[1].strip().replace("diff - ", "").strip());
        List<String> measures = new ArrayList<>();
        boolean perQuery = false;
        boolean complete = false;
        int maxDocs = Integer.MAX_VALUE;
        int level = 1;
        List<Path> files = new ArrayList<>();
        for (int i = 1; i < words.length; i++) {
            String w = words[i];
            if (w.equals("-q")) {
                perQuery = true;
            } else if (w.equals("-c")) {
                complete = true;
            } else if (w.startsWith("-M")) {
                maxDocs = Integer.parseInt(w.substring(2));
            } else if (w.startsWith("-l")) {
                level = Integer.parseInt(w.substring(2));
            } else if (w.equals("-m")) {
                measures.add(words[++i]);
            } else if (w.startsWith("-m")) {
                measures.add(w.substring(2));
            } else {
                files.add(root.resolve(w));
            }
        }
        List<String> actual = TrecEval.evaluate(
                files.get(0), files.get(1), new TrecEvalOptions(measures, perQuery, complete, maxDocs, level));
        List<String> want = Files.readAllLines(expected, StandardCharsets.UTF_8);
        assertThat(actual).as(command).containsExactlyElementsOf(want);
    }
}
