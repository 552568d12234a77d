package io.github.raglens.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Files for fuzz inputs that readers take from disk. Each input gets an empty folder of its thread's
 * own, so what one input left behind (a lock, a cut-off store) never changes how the next reads.
 */
public final class Scratch {

    private static final Path ROOT = createRoot();
    private static final ThreadLocal<Path> FOLDER = ThreadLocal.withInitial(Scratch::newFolder);

    private Scratch() {}

    /** An empty folder for one input; what the thread's previous input left there is deleted. */
    public static Path emptyFolder() {
        Path folder = FOLDER.get();
        deleteContents(folder);
        return folder;
    }

    /** A file of these bytes, alone in an {@link #emptyFolder()}. */
    public static Path file(String name, byte[] content) {
        return write(emptyFolder().resolve(name), content);
    }

    /** Writes the bytes to the file, creating its folders. */
    public static Path write(Path file, byte[] content) {
        try {
            Files.createDirectories(file.getParent());
            return Files.write(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path createRoot() {
        try {
            // Memory, where the machine has it: a store forces every record to disk.
            Path memory = Path.of("/dev/shm");
            Path root = Files.isDirectory(memory) && Files.isWritable(memory)
                    ? Files.createTempDirectory(memory, "raglens-fuzz")
                    : Files.createTempDirectory("raglens-fuzz");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                deleteContents(root);
                root.toFile().delete();
            }));
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path newFolder() {
        try {
            return Files.createTempDirectory(ROOT, "input");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteContents(Path folder) {
        try (Stream<Path> all = Files.walk(folder)) {
            all.sorted(Comparator.reverseOrder())
                    .filter(p -> !p.equals(folder))
                    .forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
