package io.github.raglens.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * One fuzz target: a class named {@code <Reader>FuzzTest} among a module's compiled test classes,
 * whose one method is the reader's {@code @HostileInputTest}. Its name is the reader's name in lower
 * case with hyphens ({@code ChunksFileFuzzTest} is {@code chunks-file}).
 *
 * @param name the target's name
 * @param module the module's folder
 * @param className the fuzz test's class
 */
record FuzzTarget(String name, Path module, String className) {

    private static final String SUFFIX = "FuzzTest.class";

    /** The targets of every module under the root whose test classes and fuzz class path are built. */
    static List<FuzzTarget> discover(Path root) {
        List<FuzzTarget> targets = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.sorted().toList()) {
                Path classes = module.resolve("target/test-classes");
                if (Files.isRegularFile(module.resolve(FuzzRun.CLASSPATH_FILE)) && Files.isDirectory(classes)) {
                    targets.addAll(inModule(module, classes));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        targets.sort(Comparator.comparing(FuzzTarget::name));
        return targets;
    }

    private static List<FuzzTarget> inModule(Path module, Path classes) throws IOException {
        try (Stream<Path> files = Files.walk(classes)) {
            return files.filter(f -> f.getFileName().toString().endsWith(SUFFIX)
                            && !f.getFileName().toString().contains("$"))
                    .map(f -> {
                        String relative = classes.relativize(f).toString();
                        String className = relative.substring(0, relative.length() - ".class".length())
                                .replace(f.getFileSystem().getSeparator(), ".");
                        return new FuzzTarget(nameOf(f.getFileName().toString()), module, className);
                    })
                    .toList();
        }
    }

    /** {@code ChunksFileFuzzTest.class} → {@code chunks-file}. */
    static String nameOf(String classFile) {
        String reader = classFile.substring(0, classFile.length() - SUFFIX.length());
        return reader.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }
}
