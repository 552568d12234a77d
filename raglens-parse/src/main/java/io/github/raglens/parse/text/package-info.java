/**
 * Plain-text files: reading a file as UTF-8 with a clear error for an empty, binary or mis-encoded
 * one ({@link io.github.raglens.parse.text.TextFile}, also used by the Markdown reader), and a text
 * file as one section of paragraphs.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.text;
