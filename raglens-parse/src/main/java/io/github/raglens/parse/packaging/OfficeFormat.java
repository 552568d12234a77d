package io.github.raglens.parse.packaging;

/** The Office formats raglens reads, with the names a message about one of their files uses. */
public enum OfficeFormat {
    /** Word documents. */
    DOCX("DOCX", "Word", ".doc", "Word document part (word/document.xml)"),
    /** PowerPoint presentations. */
    PPTX("PPTX", "PowerPoint", ".ppt", "presentation part (ppt/presentation.xml)"),
    /** Excel workbooks. */
    XLSX("XLSX", "Excel", ".xls", "workbook part (xl/workbook.xml)");

    private final String label;
    private final String application;
    private final String legacyExtension;
    private final String mainPart;

    OfficeFormat(String label, String application, String legacyExtension, String mainPart) {
        this.label = label;
        this.application = application;
        this.legacyExtension = legacyExtension;
        this.mainPart = mainPart;
    }

    /** The part a package of this format is read from, named for a message: {@code workbook part (xl/workbook.xml)}. */
    String mainPart() {
        return mainPart;
    }

    /** The format's name in messages: {@code DOCX}. */
    String label() {
        return label;
    }

    /** The format's name after its article, as a message says it: {@code a DOCX}, {@code an XLSX}. */
    String withArticle() {
        return article(label) + " " + label;
    }

    /** The article before a name as it is spoken: {@code an} before a vowel sound (Excel, XLSX), else {@code a}. */
    static String article(String name) {
        return "AEIOUX".indexOf(Character.toUpperCase(name.charAt(0))) >= 0 ? "an" : "a";
    }

    /** The application that writes it: {@code Word}. */
    String application() {
        return application;
    }

    /** The extension of the binary format before it: {@code .doc}. */
    String legacyExtension() {
        return legacyExtension;
    }
}
