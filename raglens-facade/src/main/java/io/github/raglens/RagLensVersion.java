package io.github.raglens;

/** The running raglens version, from the jar's manifest ({@code dev} when run from classes). */
final class RagLensVersion {

    private RagLensVersion() {}

    static String get() {
        String v = RagLens.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
