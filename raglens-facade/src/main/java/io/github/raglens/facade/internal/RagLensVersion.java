package io.github.raglens.facade.internal;

import io.github.raglens.RagLens;

/** The running raglens version, from the jar's manifest ({@code dev} when run from classes). */
public final class RagLensVersion {

    private RagLensVersion() {}

    static String get() {
        String v = RagLens.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
