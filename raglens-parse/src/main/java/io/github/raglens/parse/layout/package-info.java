/**
 * Where words stand on a page: one geometry of boxes and rows of words with the named distances the
 * other stages test, the caption grammar, the lines of a page in reading order (one column or two),
 * and the running headers, footers and page numbers found across pages. Layout knows nothing of
 * tables or headings; they build on it.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.layout;
