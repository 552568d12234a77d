package io.github.raglens;

import io.github.raglens.spi.IndexBackend;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The index backends on the class path (or module path), found by name with {@link ServiceLoader}:
 * {@code lucene} from {@code raglens-retrieval}, always there, and any other a module provides, such
 * as {@code raglens-solr}'s {@code solrcloud}.
 */
final class IndexBackends {

    /** The backend used when none is named. */
    static final String DEFAULT = "lucene";

    private IndexBackends() {}

    /**
     * The backend of this name.
     *
     * @throws IllegalArgumentException when none has it, naming those found
     */
    static IndexBackend named(String name) {
        List<IndexBackend> found = ServiceLoader.load(IndexBackend.class).stream()
                .map(ServiceLoader.Provider::get)
                .toList();
        return found.stream()
                .filter(b -> b.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no index backend named '" + name
                        + "' on the classpath; use "
                        + String.join(
                                " or ",
                                found.stream().map(IndexBackend::name).sorted().toList())
                        + (name.equals("solrcloud") ? ", or add io.github.raglens:raglens-solr" : "")));
    }
}
