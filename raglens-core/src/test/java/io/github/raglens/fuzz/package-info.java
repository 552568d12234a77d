/**
 * Fuzzing raglens's readers: everything that takes a file or a reply from outside.
 *
 * <p>A finding is an exception other than the reader's documented error (or that error with an empty,
 * multi-line or overlong message: {@link io.github.raglens.fuzz.HostileInput}), an input that runs
 * past the time limit ({@link io.github.raglens.fuzz.HostileInputTest}), memory past the bound of one
 * input ({@link io.github.raglens.fuzz.InputBudget}), and for a store a record written and not read
 * back or damage that stops the lines after it ({@link io.github.raglens.fuzz.StoreRoundTrip}).
 *
 * <h2>Adding a target for a new reader</h2>
 *
 * One class in the reader's module, in the reader's package, named after the reader with {@code
 * FuzzTest} after it, holding one method annotated {@link io.github.raglens.fuzz.HostileInputTest} that
 * takes a {@code FuzzedDataProvider}:
 *
 * <pre>{@code
 * class DocxParserFuzzTest {
 *     @HostileInputTest
 *     void readsOrRefuses(FuzzedDataProvider data) {
 *         Path file = Scratch.file("in.docx", data.consumeRemainingAsBytes());
 *         HostileInput.readOrRefuse(ParseException.class, () -> new DocxParser().parse(file));
 *     }
 * }
 * }</pre>
 *
 * <p>Its module needs {@code raglens-core}'s test-jar and {@code com.code-intelligence:jazzer-junit}
 * in test scope. Its seed corpus is a folder of small files beside it in the test resources, {@code
 * <package path>/DocxParserFuzzTestInputs/readsOrRefuses/}: a few files of the kinds the module's tests
 * write (a few kilobytes each; the fuzzer mutates them, it needs no more), never copies of {@code
 * ../shared/data}, which stays out of the repository. Every {@code ./verify} runs the target over that
 * folder (regression mode); {@code
 * ./benchmarks/run fuzz --target docx-parser} fuzzes it for real (the target's name is the class name
 * without {@code FuzzTest}, in lower case with hyphens), and every input it finds that fails goes into
 * the same folder once the reader is fixed, so that {@code ./verify} keeps running it.
 *
 * <p>The primitive values of a {@code FuzzedDataProvider} come from the end of the input and bytes and
 * strings from its start, so a real file followed by one byte choosing the target's mode is a good
 * seed.
 */
package io.github.raglens.fuzz;
