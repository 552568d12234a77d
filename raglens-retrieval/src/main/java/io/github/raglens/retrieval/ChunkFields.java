package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import java.util.function.UnaryOperator;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;

/** The index's field schema: how a chunk (and its vector) becomes a Lucene document and back. */
final class ChunkFields {

    /** The analysed text searched by BM25. */
    static final String TEXT = "text";

    /** The chunk vector searched by HNSW (cosine). */
    static final String VECTOR = "vector";

    private static final String ID = "id";
    private static final String DOCUMENT = "document";
    private static final String SECTION = "section";
    private static final String PARENT = "parent";
    private static final String PATH = "path";
    private static final String TYPE = "type";
    private static final String FRAGMENT = "fragment";
    private static final String ORDER = "order";
    private static final String CHAR_START = "charStart";
    private static final String CHAR_END = "charEnd";
    private static final String PAGE_START = "pageStart";
    private static final String PAGE_END = "pageEnd";

    private ChunkFields() {}

    /** The term that identifies a chunk's document, so adding it again replaces it. */
    static Term idTerm(Chunk c) {
        return new Term(ID, c.id());
    }

    /** The document of a chunk, with its vector when not null. */
    static Document document(Chunk c, float[] vector) {
        Document doc = new Document();
        doc.add(new StringField(ID, c.id(), Field.Store.YES));
        doc.add(new TextField(TEXT, c.text(), Field.Store.YES));
        if (vector != null) {
            doc.add(new KnnFloatVectorField(VECTOR, vector, VectorSimilarityFunction.COSINE));
        }
        doc.add(new StoredField(DOCUMENT, c.documentId()));
        doc.add(new StoredField(SECTION, c.sectionId()));
        if (c.parentSectionId() != null) {
            doc.add(new StoredField(PARENT, c.parentSectionId()));
        }
        doc.add(new StoredField(PATH, c.sectionPath()));
        doc.add(new StoredField(TYPE, c.type().name()));
        doc.add(new StoredField(FRAGMENT, c.fragmentIndex()));
        doc.add(new StoredField(ORDER, c.order()));
        doc.add(new StoredField(CHAR_START, c.charStart()));
        doc.add(new StoredField(CHAR_END, c.charEnd()));
        doc.add(new StoredField(PAGE_START, c.pageStart()));
        doc.add(new StoredField(PAGE_END, c.pageEnd()));
        return doc;
    }

    /**
     * The chunk a stored document holds, its section path taken through {@code paths} (so that the
     * chunks of one section can share one string).
     */
    static Chunk chunk(Document d, UnaryOperator<String> paths) {
        return new Chunk(
                d.get(ID),
                d.get(DOCUMENT),
                d.get(SECTION),
                d.get(PARENT),
                paths.apply(d.get(PATH)),
                ChunkType.valueOf(d.get(TYPE)),
                d.getField(FRAGMENT).numericValue().intValue(),
                d.getField(ORDER).numericValue().intValue(),
                d.get(TEXT),
                d.getField(CHAR_START).numericValue().intValue(),
                d.getField(CHAR_END).numericValue().intValue(),
                d.getField(PAGE_START).numericValue().intValue(),
                d.getField(PAGE_END).numericValue().intValue());
    }
}
