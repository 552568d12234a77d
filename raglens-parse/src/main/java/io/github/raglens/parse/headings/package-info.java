/**
 * Headings among the lines of a document: from a PDF's outline when it has one, else from font
 * statistics and numbering, with their levels; where each opens, the lines it takes, and for a
 * heading run into its paragraph the rest of its line.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.headings;
