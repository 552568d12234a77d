/** The studio's provider for {@link java.util.ServiceLoader}; not API. */
package io.github.raglens.studio.internal;
