/**
 * Word documents (DOCX). {@link io.github.raglens.parse.docx.DocxParser} opens the package with POI
 * and streams its main part with StAX ({@code DocxBody}): headings from outline levels and heading
 * styles ({@code DocxStyles}, following each style's base), numbered headings as for PDFs when no
 * style says, lists with Word's own numbers ({@code DocxNumbering}), tables with merged cells and
 * header rows ({@code DocxTable}), footnotes and endnotes after the paragraph that cites them, text
 * boxes after their paragraph, and tracked changes read as accepted (insertions kept, deletions left
 * out).
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.docx;
