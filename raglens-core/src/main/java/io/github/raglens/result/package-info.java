/**
 * The results raglens hands back: immutable records of what an ingest, a question generation, a
 * benchmark, an evaluation or a TREC/BEIR run measured, written to and read from the workspace as
 * JSON. The code that computes them lives in the implementation modules; a caller of the facade needs
 * only this package to read them.
 */
package io.github.raglens.result;
