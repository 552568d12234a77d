package io.github.raglens.parse;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.parse.document.Damage;
import io.github.raglens.parse.document.Ocr;
import io.github.raglens.result.IngestReport;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/** The outcome of parsing one file of a corpus: parsed, or not with a reason. */
public sealed interface FileOutcome {

    /** The file as found in the corpus. */
    String file();

    /** Wall-clock time spent on the file. */
    long milliseconds();

    /** The status for reports. */
    ParseStatus status();

    /** This outcome's line in the ingest report, with the number of chunks made from the file. */
    default IngestReport.Entry reportEntry(int chunks) {
        String format = Format.of(Path.of(file())).map(Format::id).orElse("");
        return switch (this) {
            case Parsed p -> {
                Optional<String> garbled = GarbledText.of(p.document());
                yield new IngestReport.Entry(
                        p.file(),
                        p.status().label(),
                        p.damage().orElse(""),
                        p.document().pageCount(),
                        p.sections(),
                        p.tables(),
                        chunks,
                        p.milliseconds(),
                        format,
                        p.pagesOcrd(),
                        p.sections(),
                        p.characters(),
                        garbled.isPresent(),
                        garbled.orElse(""));
            }
            case Failed f ->
                new IngestReport.Entry(
                        f.file(),
                        f.status().label(),
                        f.reason(),
                        0,
                        0,
                        0,
                        0,
                        f.milliseconds(),
                        format,
                        0,
                        0,
                        0,
                        false,
                        "");
        };
    }

    /**
     * A parsed file; status {@link ParseStatus#DAMAGED} when it is a damaged PDF of which only some
     * pages could be read.
     *
     * @param file the file
     * @param document the parsed document
     * @param milliseconds time spent
     */
    record Parsed(String file, Document document, long milliseconds) implements FileOutcome {
        /** Validates the fields. */
        public Parsed {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(document, "document");
        }

        @Override
        public ParseStatus status() {
            return damage().isPresent() ? ParseStatus.DAMAGED : ParseStatus.OK;
        }

        /** What is broken in a damaged PDF and how much of it was read; empty for an intact file. */
        public Optional<String> damage() {
            return Optional.ofNullable(document.metadata().get(Damage.KEY));
        }

        /** Number of sections below the root. */
        public int sections() {
            return count(document.root()) - 1;
        }

        /** Pages whose text came from OCR, as the parser recorded in {@link Ocr#PAGES_KEY}; 0 without. */
        public int pagesOcrd() {
            String n = document.metadata().get(Ocr.PAGES_KEY);
            try {
                return n == null ? 0 : Integer.parseInt(n);
            } catch (NumberFormatException e) {
                return 0;
            }
        }

        /** Characters of the document's headings and text, tables as written in it. */
        public long characters() {
            return characters(document.root());
        }

        private static long characters(Section s) {
            long n = s.title().length() + s.text().length();
            for (Section c : s.children()) {
                n += characters(c);
            }
            return n;
        }

        /** Number of tables in the document. */
        public int tables() {
            return tables(document.root());
        }

        private static int count(Section s) {
            int n = 1;
            for (Section c : s.children()) {
                n += count(c);
            }
            return n;
        }

        private static int tables(Section s) {
            int n = s.tables().size();
            for (Section c : s.children()) {
                n += tables(c);
            }
            return n;
        }
    }

    /**
     * A file that was not parsed.
     *
     * @param file the file
     * @param status {@link ParseStatus#FAILED}, {@link ParseStatus#DAMAGED} or {@link ParseStatus#NO_TEXT}
     * @param reason why, with the remedy
     * @param milliseconds time spent
     */
    record Failed(String file, ParseStatus status, String reason, long milliseconds) implements FileOutcome {
        /** Validates the fields. */
        public Failed {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(reason, "reason");
            if (status == ParseStatus.OK) {
                throw new IllegalArgumentException("a failed outcome cannot have status OK");
            }
        }
    }
}
