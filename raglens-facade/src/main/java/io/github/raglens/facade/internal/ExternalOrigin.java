package io.github.raglens.facade.internal;

import io.github.raglens.providers.HttpRagSystem;
import io.github.raglens.providers.HttpRetriever;

/** Where a user's retriever or system lives, as the report shows it: a service's URL or the implementing class. */
public final class ExternalOrigin {

    private ExternalOrigin() {}

    static String of(Object retrieverOrSystem) {
        return switch (retrieverOrSystem) {
            case HttpRetriever r -> r.url();
            case HttpRagSystem s -> s.url();
            default -> retrieverOrSystem.getClass().getName();
        };
    }
}
