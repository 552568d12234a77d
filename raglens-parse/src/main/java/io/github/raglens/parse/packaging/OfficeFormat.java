package io.github.raglens.parse.packaging;

/** The Office formats raglens reads, with the names a message about one of their files uses. */
public enum OfficeFormat {
    /** Word documents. */
    DOCX("DOCX", "Word", ".doc"),
    /** PowerPoint presentations. */
    PPTX("PPTX", "PowerPoint", ".ppt");

    private final String label;
    private final String application;
    private final String legacyExtension;

    OfficeFormat(String label, String application, String legacyExtension) {
        this.label = label;
        this.application = application;
        this.legacyExtension = legacyExtension;
    }

    /** The format's name in messages: {@code DOCX}. */
    String label() {
        return label;
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
