package io.github.raglens.solr;

import java.util.Objects;

/**
 * Which fields of a collection hold a chunk's id, text, vector and source document. The defaults are
 * the fields of the raglens configset; name others to grade a collection someone else filled.
 *
 * @param id the unique key field
 * @param text the field searched by BM25 and handed on as the chunk's text (stored)
 * @param vector the {@code DenseVectorField} searched by {@code {!knn}}
 * @param source a stored field naming the chunk's document; the chunk id stands in when it is absent
 */
public record SolrFields(String id, String text, String vector, String source) {

    /** Validates that every field name is non-blank. */
    public SolrFields {
        check(id, "id");
        check(text, "text");
        check(vector, "vector");
        check(source, "source");
    }

    /** The fields of the raglens configset: {@code id}, {@code text}, {@code vector}, {@code document}. */
    public static SolrFields defaults() {
        return new SolrFields(SolrSchema.ID, SolrSchema.TEXT, SolrSchema.VECTOR, SolrSchema.DOCUMENT);
    }

    /** Whether these are the raglens configset's own fields. */
    boolean isDefault() {
        return equals(defaults());
    }

    private static void check(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isBlank()) {
            throw new IllegalArgumentException(name + " field name must not be blank");
        }
    }
}
