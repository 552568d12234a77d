package io.github.raglens.facade.internal;

import io.github.raglens.result.IngestReport;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The report's ingest section: what raglens saw in the files, per format on a line, and per file in a
 * table (format, status, pages, pages OCR'd, headings, tables, characters, and why its text looks garbled
 * or what went wrong); files with a problem first, the first {@value #FILES_SHOWN} shown and the rest in
 * {@code ingest-report.json}.
 */
public final class IngestSection {

    static final int FILES_SHOWN = 100;

    private IngestSection() {}

    static void html(StringBuilder h, IngestReport ingest) {
        if (ingest.files().isEmpty()) {
            return;
        }
        h.append("<section id=\"ingest\"><h2>Ingest</h2>\n<ul class=\"meta\">");
        ingest.totalsByFormat()
                .forEach(t ->
                        h.append("<li>").append(HtmlReport.esc(t.describe())).append("</li>"));
        h.append("</ul>\n<div class=\"scroll\"><table><thead><tr><th>file</th><th>format</th><th>status</th>")
                .append("<th>pages</th><th>OCR'd</th><th>headings</th><th>tables</th><th>characters</th>")
                .append("<th>note</th></tr></thead><tbody>\n");
        List<IngestReport.Entry> files = problemsFirst(ingest);
        for (IngestReport.Entry e : files.subList(0, Math.min(FILES_SHOWN, files.size()))) {
            h.append("<tr><td>")
                    .append(HtmlReport.esc(e.file()))
                    .append("</td><td>")
                    .append(HtmlReport.esc(e.format()))
                    .append("</td><td>")
                    .append(HtmlReport.esc(e.status()))
                    .append("</td><td>")
                    .append(e.pages())
                    .append("</td><td>")
                    .append(e.pagesOcrd())
                    .append("</td><td>")
                    .append(e.headings())
                    .append("</td><td>")
                    .append(e.tables())
                    .append("</td><td>")
                    .append(String.format(Locale.ROOT, "%,d", e.characters()))
                    .append("</td><td>")
                    .append(HtmlReport.esc(note(e)))
                    .append("</td></tr>\n");
        }
        h.append("</tbody></table></div>\n");
        if (files.size() > FILES_SHOWN) {
            h.append("<p class=\"meta\">")
                    .append(files.size() - FILES_SHOWN)
                    .append(" more files in ingest-report.json.</p>\n");
        }
        h.append("</section>\n");
    }

    static void markdown(StringBuilder md, IngestReport ingest) {
        if (ingest.files().isEmpty()) {
            return;
        }
        md.append("## Ingest\n\n");
        ingest.totalsByFormat()
                .forEach(t -> md.append("- ").append(t.describe()).append('\n'));
        for (IngestReport.Entry e : problemsFirst(ingest)) {
            if (!note(e).isEmpty()) {
                md.append("- ").append(e.file()).append(": ").append(note(e)).append('\n');
            }
        }
        md.append('\n');
    }

    /** What went wrong with a file, or why its text looks garbled; empty for a file read well. */
    private static String note(IngestReport.Entry e) {
        List<String> notes = new ArrayList<>();
        if (!e.reason().isEmpty()) {
            notes.add(e.reason());
        }
        if (e.garbled()) {
            notes.add(e.garbledReason());
        }
        return String.join("; ", notes);
    }

    private static List<IngestReport.Entry> problemsFirst(IngestReport ingest) {
        return ingest.files().stream()
                .sorted(Comparator.comparing((IngestReport.Entry e) -> note(e).isEmpty()))
                .toList();
    }
}
