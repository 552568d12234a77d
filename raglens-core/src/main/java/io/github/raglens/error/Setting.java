package io.github.raglens.error;

/**
 * A setting of the caller's that a {@link SettingException} points to as the remedy, so a front
 * end (the CLI, for one) can name it in its own terms, e.g. as a command-line option.
 */
public enum Setting {
    /** The documents folder given to {@code RagLens.ingest(docs)}. */
    DOCUMENTS("the documents folder given to RagLens.ingest(docs)");

    private final String apiName;

    Setting(String apiName) {
        this.apiName = apiName;
    }

    /** How the library's API names the setting, e.g. {@code the documents folder given to RagLens.ingest(docs)}. */
    public String apiName() {
        return apiName;
    }
}
