/**
 * What every format builds its {@link io.github.raglens.model.Document} with: the section tree
 * ({@link io.github.raglens.parse.document.SectionTreeBuilder}, which repairs heading levels and
 * writes tables as Markdown pipe tables in their section's text) and the document's id from the file's
 * name and content hash ({@link io.github.raglens.parse.document.DocumentIds}).
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.document;
