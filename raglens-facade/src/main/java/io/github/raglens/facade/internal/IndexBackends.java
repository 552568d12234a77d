package io.github.raglens.facade.internal;

import io.github.raglens.spi.IndexBackend;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The index backends on the class path (or module path), found by name ({@link ServiceLookup}):
 * {@code lucene} from {@code raglens-retrieval}, always there, and any other a module provides, such
 * as {@code raglens-solr}'s {@code solrcloud}.
 */
public final class IndexBackends {

    /** The backend used when none is named. */
    public static final String DEFAULT = "lucene";

    private IndexBackends() {}

    /**
     * The backend of this name.
     *
     * @throws IllegalArgumentException when none has it, naming those found
     */
    public static IndexBackend named(String name) {
        ServiceLookup<IndexBackend> lookup = ServiceLookup.of(IndexBackend.class);
        Map<String, IndexBackend> found = new LinkedHashMap<>();
        lookup.found().forEach(backend -> found.putIfAbsent(backend.name(), backend));
        IndexBackend backend = found.get(name);
        if (backend != null) {
            return backend;
        }
        throw new IllegalArgumentException("no index backend named '" + name + "' on the classpath; use "
                + String.join(" or ", found.keySet().stream().sorted().toList())
                + (name.equals("solrcloud") ? ", or add io.github.raglens:raglens-solr" : "")
                + lookup.unusableNote());
    }
}
