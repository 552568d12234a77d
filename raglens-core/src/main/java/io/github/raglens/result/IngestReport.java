package io.github.raglens.result;

import io.github.raglens.error.StoreException;
import io.github.raglens.internal.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code ingest-report.json} of a workspace: one entry per file with its status, reason, format,
 * pages (slides, sheets), pages OCR'd, sections, headings, tables, characters, whether its text looks
 * garbled, chunks and milliseconds, plus totals, and the files skipped because no parser reads their
 * type. Fields are only ever added, so a reader of an older report reads a newer one.
 *
 * @param files one entry per file, in corpus order
 * @param ok files parsed
 * @param damaged damaged PDFs (cut short, broken cross-reference table or trailer), parsed or not
 * @param failed files that failed
 * @param noText files without a text layer
 * @param unsupported files of types no parser reads ({@code .odt}, {@code .rtf} …), skipped; in path
 *     order
 */
public record IngestReport(List<Entry> files, int ok, int damaged, int failed, int noText, List<String> unsupported) {

    /** Validates and copies. */
    public IngestReport {
        files = List.copyOf(files);
        unsupported = List.copyOf(unsupported);
    }

    /**
     * One file of the report: what raglens saw in it.
     *
     * @param file the file
     * @param status {@code ok}, {@code damaged}, {@code failed} or {@code no-text}
     * @param reason why it failed or what is damaged; empty when ok
     * @param pages pages: a PDF's pages, a presentation's slides, a workbook's sheets (0 for formats
     *     without pages or failures)
     * @param sections sections below the root
     * @param tables tables found
     * @param chunks chunks made from the file
     * @param milliseconds time spent
     * @param format the file's format, by its extension: {@code pdf}, {@code docx}, {@code pptx}, {@code
     *     xlsx}, {@code html}, {@code epub}, {@code markdown} or {@code text}; empty in a report written
     *     before the field
     * @param pagesOcrd pages whose text came from OCR (0 when OCR read none)
     * @param headings headings found (each opens one of the sections)
     * @param characters characters of the text found: headings, paragraphs and tables as the chunks
     *     hold them
     * @param garbled whether the text looks garbled ({@code garbledReason} says why)
     * @param garbledReason why the text looks garbled, with what to do; empty when it does not
     */
    public record Entry(
            String file,
            String status,
            String reason,
            int pages,
            int sections,
            int tables,
            int chunks,
            long milliseconds,
            String format,
            int pagesOcrd,
            int headings,
            long characters,
            boolean garbled,
            String garbledReason) {

        /** Validates the fields; a report written before the later fields reads them as empty and 0. */
        public Entry {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(reason, "reason");
            format = Objects.requireNonNullElse(format, "");
            garbledReason = Objects.requireNonNullElse(garbledReason, "");
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

    /**
     * What was seen in the files of one format, summed.
     *
     * @param format the format's id ({@code pdf}, {@code xlsx} …), empty for files of a report written
     *     before the field
     * @param files files of the format, parsed or not
     * @param parsed files parsed (whole or damaged)
     * @param pages their pages, slides or sheets
     * @param pagesOcrd pages whose text came from OCR
     * @param headings headings found
     * @param tables tables found
     * @param characters characters of text found
     * @param garbled files whose text looks garbled
     */
    public record FormatTotals(
            String format,
            int files,
            int parsed,
            long pages,
            long pagesOcrd,
            long headings,
            long tables,
            long characters,
            int garbled) {

        /**
         * The totals on one line: {@code xlsx: 3 files (2 parsed), 7 sheets, 12 headings, 9 tables,
         * 5,120 characters, 1 with text that looks garbled}; slides for {@code pptx}, sheets for {@code
         * xlsx}, pages otherwise, left out when there are none, as are pages OCR'd.
         */
        public String describe() {
            StringBuilder b = new StringBuilder(format.isEmpty() ? "other" : format)
                    .append(": ")
                    .append(count(files, "file"));
            if (parsed < files) {
                b.append(" (").append(parsed).append(" parsed)");
            }
            if (pages > 0) {
                b.append(", ").append(count(pages, pageWord()));
            }
            if (pagesOcrd > 0) {
                b.append(", ")
                        .append(String.format(Locale.ROOT, "%,d", pagesOcrd))
                        .append(" OCR'd");
            }
            b.append(", ")
                    .append(count(headings, "heading"))
                    .append(", ")
                    .append(count(tables, "table"))
                    .append(", ")
                    .append(count(characters, "character"));
            if (garbled > 0) {
                b.append(", ").append(garbled).append(" with text that looks garbled");
            }
            return b.toString();
        }

        private String pageWord() {
            return switch (format) {
                case "pptx" -> "slide";
                case "xlsx" -> "sheet";
                default -> "page";
            };
        }

        private static String count(long n, String word) {
            return String.format(Locale.ROOT, "%,d", n) + " " + word + (n == 1 ? "" : "s");
        }

        FormatTotals plus(Entry e) {
            boolean read = e.status().equals("ok") || e.status().equals("damaged");
            return new FormatTotals(
                    format,
                    files + 1,
                    parsed + (read ? 1 : 0),
                    pages + e.pages(),
                    pagesOcrd + e.pagesOcrd(),
                    headings + e.headings(),
                    tables + e.tables(),
                    characters + e.characters(),
                    garbled + (e.garbled() ? 1 : 0));
        }
    }

    /** The files' figures summed per format, the formats in the order their first file comes. */
    public List<FormatTotals> totalsByFormat() {
        Map<String, FormatTotals> totals = new LinkedHashMap<>();
        for (Entry e : files) {
            totals.merge(e.format(), new FormatTotals(e.format(), 0, 0, 0, 0, 0, 0, 0, 0).plus(e), (a, b) -> a.plus(e));
        }
        return List.copyOf(totals.values());
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
