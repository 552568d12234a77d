package io.github.raglens.result;

import io.github.raglens.error.StoreException;
import io.github.raglens.internal.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Objects;

/**
 * The {@code ingest-report.json} of a workspace: one entry per file with its status, reason, pages,
 * sections, tables, chunks and milliseconds, plus totals, and the files skipped because no parser
 * reads their type.
 *
 * @param files one entry per file, in corpus order
 * @param ok files parsed
 * @param damaged damaged PDFs (cut short, broken cross-reference table or trailer), parsed or not
 * @param failed files that failed
 * @param noText files without a text layer
 * @param unsupported files of types no parser reads ({@code .docx}, {@code .html} …), skipped; in path
 *     order
 */
public record IngestReport(List<Entry> files, int ok, int damaged, int failed, int noText, List<String> unsupported) {

    /** Validates and copies. */
    public IngestReport {
        files = List.copyOf(files);
        unsupported = List.copyOf(unsupported);
    }

    /**
     * One file of the report.
     *
     * @param file the file
     * @param status {@code ok}, {@code damaged}, {@code failed} or {@code no-text}
     * @param reason why it failed or what is damaged; empty when ok
     * @param pages pages (0 for formats without pages or failures)
     * @param sections sections below the root
     * @param tables tables found
     * @param chunks chunks made from the file
     * @param milliseconds time spent
     */
    public record Entry(
            String file,
            String status,
            String reason,
            int pages,
            int sections,
            int tables,
            int chunks,
            long milliseconds) {

        /** Validates the fields. */
        public Entry {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** The report of entries, with totals counted from their statuses, and the unsupported files skipped. */
    public static IngestReport of(List<Entry> entries, List<String> unsupported) {
        int ok = 0;
        int damaged = 0;
        int failed = 0;
        int noText = 0;
        for (Entry e : entries) {
            switch (e.status()) {
                case "ok" -> ok++;
                case "damaged" -> damaged++;
                case "no-text" -> noText++;
                default -> failed++;
            }
        }
        return new IngestReport(entries, ok, damaged, failed, noText, unsupported);
    }

    /** Whether every file was parsed whole; skipped unsupported files do not count against it. */
    public boolean complete() {
        return damaged == 0 && failed == 0 && noText == 0;
    }

    /**
     * Writes the report as JSON, replacing the file atomically.
     *
     * @throws StoreException when the file cannot be written
     */
    public void write(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path tmp = Files.createTempFile(parent, "ingest-report", ".tmp");
            Json.prettyWriter().writeValue(tmp.toFile(), this);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StoreException(
                    file, "cannot write " + file + ": " + e.getMessage() + "; check the workspace folder", e);
        }
    }
}
