package io.github.raglens.facade.internal;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The providers of a raglens service on the class path (or module path), found with {@link
 * ServiceLoader} from raglens's own class loader (its module layer) and from the thread's context
 * class loader (a provider added on an application's class path). A provider the context loader finds
 * for another copy of raglens's SPI (an application that also has raglens on its class path beside a
 * module layer holding it) is not one of ours and is passed over, named among the unusable.
 *
 * @param found the providers, those of raglens's own loader first
 * @param unusable why each provider that could not be loaded failed
 */
public record ServiceLookup<T>(List<T> found, List<String> unusable) {

    public static <T> ServiceLookup<T> of(Class<T> type) {
        List<T> found = new ArrayList<>();
        List<String> unusable = new ArrayList<>();
        for (ClassLoader loader : loaders()) {
            Iterator<T> providers = ServiceLoader.load(type, loader).iterator();
            while (true) {
                try {
                    if (!providers.hasNext()) {
                        break;
                    }
                    found.add(providers.next());
                } catch (ServiceConfigurationError e) {
                    unusable.add(e.getMessage());
                }
            }
        }
        return new ServiceLookup<>(List.copyOf(found), List.copyOf(unusable));
    }

    /** The providers that could not be loaded, for the end of a message; empty when there are none. */
    public String unusableNote() {
        return unusable.isEmpty() ? "" : " (providers that could not be loaded: " + String.join("; ", unusable) + ")";
    }

    private static List<ClassLoader> loaders() {
        ClassLoader own = ServiceLookup.class.getClassLoader();
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context == null || context == own ? List.of(own) : List.of(own, context);
    }
}
