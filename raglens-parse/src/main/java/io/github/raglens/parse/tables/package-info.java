/**
 * Tables on a page of words: whether a page shows evidence of one, where unruled tables sit (beside
 * a caption, or as runs of aligned figures, amounts or words), and their cells read with Tabula's
 * lattice and stream extraction, between horizontal rules, or from the words' own column gaps, each
 * reading earning its place before it is kept.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.tables;
