/**
 * Headings among the lines of a document, with their levels: from a PDF's outline when it has one
 * ({@link io.github.raglens.parse.headings.OutlineReader}), else from font statistics and numbering
 * ({@link io.github.raglens.parse.headings.HeadingDetector}, {@code Numbering}, {@code RunIns} for
 * headings run into their paragraph). The result says where each heading opens, the lines it takes,
 * and for a run-in heading the rest of its line ({@link io.github.raglens.parse.headings.Headings}).
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.headings;
