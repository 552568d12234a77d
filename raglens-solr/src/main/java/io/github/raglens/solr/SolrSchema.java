package io.github.raglens.solr;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** The raglens configset's field names, and the configset itself for one vector dimension. */
final class SolrSchema {

    static final String ID = "id";
    static final String TEXT = "text";
    static final String VECTOR = "vector";
    static final String DOCUMENT = "document";
    static final String SECTION = "section";
    static final String PARENT_SECTION = "parent_section";
    static final String PATH = "path";
    static final String SECTION_TITLE = "section_title";
    static final String TYPE = "type";
    static final String FRAGMENT = "fragment";
    static final String ORDER = "order";
    static final String CHAR_START = "char_start";
    static final String CHAR_END = "char_end";
    static final String PAGE_START = "page_start";
    static final String PAGE_END = "page_end";
    static final String PARENT_ID = "parent_id";
    static final String PREV_SIBLING_ID = "prev_sibling_id";
    static final String NEXT_SIBLING_ID = "next_sibling_id";
    static final String PREV_ID = "prev_id";
    static final String NEXT_ID = "next_id";
    static final String SPLIT_PARENT = "split_parent";
    static final String EMBEDDING_MODEL = "embedding_model";
    static final String EMBEDDING_DIMENSION = "embedding_dimension";
    static final String LOAD_STATE = "load_state";

    /** The id of the one document that records the collection's embedding model and load state. */
    static final String MODEL_RECORD_ID = "raglens.embedding-model";

    private static final List<String> FILES = List.of("schema.xml", "solrconfig.xml", "stopwords.txt");

    private SolrSchema() {}

    /**
     * The configset's name for vectors of this dimension compared by cosine; its version changes with
     * the fields, so a cluster holding an older raglens configset gets this one beside it.
     */
    static String configSetName(int dimension) {
        return "raglens-v2-" + dimension + "-cosine";
    }

    /** The configset as a zip, its schema's vector field of {@code dimension} compared by cosine. */
    static byte[] configSetZip(int dimension) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (String file : FILES) {
                String text = resource(file)
                        .replace("@DIMENSION@", Integer.toString(dimension))
                        .replace("@SIMILARITY@", "cosine");
                zip.putNextEntry(new ZipEntry(file));
                zip.write(text.getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static String resource(String file) {
        try (InputStream in = SolrSchema.class.getResourceAsStream("configset/" + file)) {
            if (in == null) {
                throw new IllegalStateException("raglens-solr jar lacks configset/" + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
