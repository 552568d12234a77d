/**
 * The runtime failures of raglens: a shallow tree of unchecked exceptions under {@link
 * io.github.raglens.error.RagLensException}. Messages state the facts and the remedy, and never
 * contain an API key.
 */
package io.github.raglens.error;
