/**
 * The words of a page with their boxes and type, the input of every stage after: {@link
 * io.github.raglens.parse.glyphs.Word} and {@link io.github.raglens.parse.glyphs.PageText}. For a PDF
 * they come from one pass of PDFBox's text engine ({@link
 * io.github.raglens.parse.glyphs.PdfTextCollector}): glyphs grouped into words, each font's weight,
 * slant and small capitals ({@code FontStyle}), glyphs painted twice over dropped ({@code
 * RepeatedGlyphs}), lines PDFBox split over two rows put back ({@code SplitBaselines}), and the paths
 * drawn ({@code PathOperator}, {@code PagePaths}) counted as ruling lines and turned into Tabula's
 * rulings, so that Tabula's page is built from the same pass ({@code TabulaPages}) for the table
 * finder. A page read another way (OCR) enters the same pipeline as a {@code PageText} of its words.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.glyphs;
