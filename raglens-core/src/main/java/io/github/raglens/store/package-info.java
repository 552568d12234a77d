/** Crash-safe, append-only JSONL files for the results of long stages. */
package io.github.raglens.store;
