package io.github.raglens.model;

/** What a text is embedded for; some models prefix queries with an instruction. */
public enum EmbeddingPurpose {
    /** A search query. */
    QUERY,
    /** A passage to be searched. */
    PASSAGE
}
