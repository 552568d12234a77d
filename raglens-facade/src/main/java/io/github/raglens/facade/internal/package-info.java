/**
 * The facade's workings behind {@code RagLens}: the pipeline's stages, the workspace's files, the
 * reports, the call routes and the lookups of backends and services. Not exported: nothing here is
 * API, and any of it may change between releases.
 */
package io.github.raglens.facade.internal;
