/**
 * Markdown files: ATX and setext headings open sections, pipe tables become tables, fenced code and
 * formulas stay whole.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.markdown;
