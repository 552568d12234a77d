/**
 * The PDF pipeline. {@link io.github.raglens.parse.pdf.PdfParser} opens the file with PDFBox, checks
 * it, and maps every failure to a one-line reason; {@link io.github.raglens.parse.pdf.PagePipeline} is
 * the map of the stages from there: the words of each page ({@code glyphs}), their lines in reading
 * order ({@code layout}), the tables found on each page ({@code tables}), running headers and footers
 * removed, tables put in place of the words they cover, chart text and footnotes set aside, tables
 * continued over a page break joined, headings found ({@code headings}), and the rest assembled into
 * paragraphs and display formulas of a section tree. The stages after layout pass the page's reading
 * order as {@link io.github.raglens.parse.pdf.Piece}s: lines and tables.
 *
 * <p>Not part of the API: the module exports this package to the facade only, which parses PDFs
 * through {@code PdfParser}. Anything here may change in any release.
 */
package io.github.raglens.parse.pdf;
