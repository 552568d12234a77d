/**
 * The workspace folder of a run: where every stage's output lives. A manifest beside the outputs
 * records which configuration produced them, so that a changed configuration re-runs what depends on
 * it instead of mixing old and new results.
 */
package io.github.raglens.workspace;
