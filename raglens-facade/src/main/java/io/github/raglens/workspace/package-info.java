/**
 * The workspace folder of a run: where every stage's output lives, and the manifest that records
 * which configuration produced it, so that a changed configuration re-runs what depends on it
 * instead of mixing old and new results.
 */
package io.github.raglens.workspace;
