package io.github.raglens.eval.judge;

import io.github.raglens.internal.JsonlStore;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The nuggets of every question ({@code nuggets.jsonl}) and the judge's assignments of them to
 * answers ({@code nugget-assignments.jsonl}), kept in memory or in two crash-safe files of a
 * workspace. The judge makes a question's nuggets once, whichever system's answer asks first; a
 * person's edit replaces them for the question, and only the assignments of the edited nugget's old
 * text go unused.
 *
 * <p>Thread-safe. Close it to release the files' locks.
 */
public final class NuggetBook implements AutoCloseable {

    private final Map<String, QuestionNuggets> nuggets = new ConcurrentHashMap<>();
    private final Map<String, NuggetAssignment> assignments = new ConcurrentHashMap<>();
    // the keys whose work runs now, each with how many threads hold or wait for it; guarded by itself
    private final Map<String, KeyLock> making = new HashMap<>();
    private final Path nuggetsPath;
    private final Path assignmentsPath;
    // Opened at the first write, so a book only read (a dry run) creates and locks nothing.
    private JsonlStore<QuestionNuggets> nuggetsFile;
    private JsonlStore<NuggetAssignment> assignmentsFile;

    private NuggetBook(Path nuggetsPath, Path assignmentsPath) {
        this.nuggetsPath = nuggetsPath;
        this.assignmentsPath = assignmentsPath;
        if (nuggetsPath != null) {
            read(nuggetsPath).forEach(q -> nuggets.put(q.key(), q));
            readAssignments(assignmentsPath).forEach(a -> assignments.put(a.key(), a));
        }
    }

    /** A book that keeps nothing beyond the process (an evaluation loop of the user's own). */
    public static NuggetBook inMemory() {
        return new NuggetBook(null, null);
    }

    /**
     * A book of two files, read now and opened (created if needed, and locked) at the first write.
     *
     * @param nuggetsFile the questions' nuggets, e.g. {@code nuggets.jsonl}
     * @param assignmentsFile the assignments, e.g. {@code nugget-assignments.jsonl}
     * @throws io.github.raglens.error.StoreException when a file cannot be read
     */
    public static NuggetBook open(Path nuggetsFile, Path assignmentsFile) {
        return new NuggetBook(
                Objects.requireNonNull(nuggetsFile, "nuggetsFile"),
                Objects.requireNonNull(assignmentsFile, "assignmentsFile"));
    }

    /**
     * Reads a nuggets file without opening it (no lock), for a page or report; a missing file reads
     * as empty.
     */
    public static List<QuestionNuggets> read(Path nuggetsFile) {
        return JsonlStore.read(nuggetsFile, QuestionNuggets.class, QuestionNuggets::key)
                .records();
    }

    /** Reads an assignments file without opening it (no lock); a missing file reads as empty. */
    public static List<NuggetAssignment> readAssignments(Path assignmentsFile) {
        return JsonlStore.read(assignmentsFile, NuggetAssignment.class, NuggetAssignment::key)
                .records();
    }

    /** The nuggets of the question with this {@link QuestionNuggets#key()}, if made. */
    public Optional<QuestionNuggets> nuggets(String questionKey) {
        return Optional.ofNullable(nuggets.get(questionKey));
    }

    /** Every question's nuggets, in no particular order. */
    public List<QuestionNuggets> all() {
        return List.copyOf(nuggets.values());
    }

    /**
     * The question's nuggets: the ones kept, else those {@code make} gives, kept. However many
     * threads ask for one question at the same time, {@code make} runs once.
     */
    QuestionNuggets keptOrMade(String questionKey, Supplier<QuestionNuggets> make) {
        QuestionNuggets kept = nuggets.get(questionKey);
        if (kept != null) {
            return kept;
        }
        return exclusively(questionKey, () -> {
            QuestionNuggets again = nuggets.get(questionKey);
            if (again != null) {
                return again;
            }
            QuestionNuggets made = make.get();
            synchronized (this) {
                put(made);
            }
            return made;
        });
    }

    /**
     * Runs {@code work} while no other work of the same key runs: the cells of one question (or one
     * answer) read the book and then write it, and one reading between another's read and write
     * would ask the judge again for what is being made.
     */
    <T> T exclusively(String key, Supplier<T> work) {
        KeyLock lock;
        synchronized (making) {
            lock = making.computeIfAbsent(key, k -> new KeyLock());
            lock.holders++;
        }
        try {
            synchronized (lock) {
                return work.get();
            }
        } finally {
            // a key is let go once no thread holds or waits for it, so the map stays as small as the work in hand
            synchronized (making) {
                if (--lock.holders == 0) {
                    making.remove(key);
                }
            }
        }
    }

    /** The lock of one key, with the threads holding or waiting for it. */
    private static final class KeyLock {
        private int holders;
    }

    /** How many keys {@link #exclusively} holds now. */
    int keysHeld() {
        synchronized (making) {
            return making.size();
        }
    }

    /**
     * Replaces a question's nuggets with a person's edit of them.
     *
     * @throws IllegalArgumentException when the question has no nuggets yet
     */
    public synchronized void replace(QuestionNuggets edited) {
        if (!nuggets.containsKey(edited.key())) {
            throw new IllegalArgumentException(
                    "no nuggets were made for question " + edited.key() + "; evaluate with the nuggets metric first");
        }
        put(edited);
    }

    private void put(QuestionNuggets q) {
        if (nuggetsPath != null) {
            if (nuggetsFile == null) {
                nuggetsFile = JsonlStore.open(nuggetsPath, QuestionNuggets.class, QuestionNuggets::key);
            }
            nuggetsFile.append(q);
        }
        nuggets.put(q.key(), q);
    }

    /** The assignment with this {@link NuggetAssignment#key()}, if the judge made it. */
    Optional<NuggetAssignment> assignment(String key) {
        return Optional.ofNullable(assignments.get(key));
    }

    /** Keeps the assignments of one judge call, all at once. */
    synchronized void record(List<NuggetAssignment> made) {
        for (NuggetAssignment a : made) {
            if (assignments.containsKey(a.key())) {
                continue; // a metric sharing the same call recorded it first
            }
            if (assignmentsPath != null) {
                if (assignmentsFile == null) {
                    assignmentsFile = JsonlStore.open(assignmentsPath, NuggetAssignment.class, NuggetAssignment::key);
                }
                assignmentsFile.append(a);
            }
            assignments.put(a.key(), a);
        }
    }

    /** Closes the files; the book keeps nothing more after this. */
    @Override
    public synchronized void close() {
        try {
            if (nuggetsFile != null) {
                nuggetsFile.close();
            }
        } finally {
            if (assignmentsFile != null) {
                assignmentsFile.close();
            }
        }
    }

    @Override
    public String toString() {
        return "NuggetBook[" + (nuggetsPath == null ? "in memory" : nuggetsPath) + ", " + nuggets.size()
                + " questions, " + assignments.size() + " assignments]";
    }
}
