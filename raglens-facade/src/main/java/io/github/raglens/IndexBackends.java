package io.github.raglens;

import io.github.raglens.spi.IndexBackend;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The index backends on the class path (or module path), found by name with {@link ServiceLoader}:
 * {@code lucene} from {@code raglens-retrieval}, always there, and any other a module provides, such
 * as {@code raglens-solr}'s {@code solrcloud}. Backends are looked up from raglens's own class loader
 * (its module layer) and from the thread's context class loader (a backend added on an application's
 * class path); a provider the context loader finds for another copy of raglens's SPI (an application
 * that also has raglens on its class path beside a module layer holding it) is not one of ours and is
 * passed over.
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
        Map<String, IndexBackend> found = new LinkedHashMap<>();
        List<String> unusable = new ArrayList<>();
        for (ClassLoader loader : loaders()) {
            Iterator<IndexBackend> backends =
                    ServiceLoader.load(IndexBackend.class, loader).iterator();
            while (true) {
                try {
                    if (!backends.hasNext()) {
                        break;
                    }
                    IndexBackend backend = backends.next();
                    found.putIfAbsent(backend.name(), backend);
                } catch (ServiceConfigurationError e) {
                    unusable.add(e.getMessage());
                }
            }
        }
        IndexBackend backend = found.get(name);
        if (backend != null) {
            return backend;
        }
        throw new IllegalArgumentException("no index backend named '" + name + "' on the classpath; use "
                + String.join(" or ", found.keySet().stream().sorted().toList())
                + (name.equals("solrcloud") ? ", or add io.github.raglens:raglens-solr" : "")
                + (unusable.isEmpty()
                        ? ""
                        : " (providers that could not be loaded: " + String.join("; ", unusable) + ")"));
    }

    private static List<ClassLoader> loaders() {
        ClassLoader own = IndexBackends.class.getClassLoader();
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context == null || context == own ? List.of(own) : List.of(own, context);
    }
}
