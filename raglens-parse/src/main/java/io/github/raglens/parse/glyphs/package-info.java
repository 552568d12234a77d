/**
 * The words of a page with their boxes and type, the input of everything after: {@link
 * io.github.raglens.parse.glyphs.Word} and {@link io.github.raglens.parse.glyphs.PageText}. For a PDF
 * they come from one pass of PDFBox's text engine ({@link
 * io.github.raglens.parse.glyphs.PdfTextCollector}): glyphs grouped into words, their fonts' weight,
 * slant and small capitals, glyphs painted twice over dropped, lines PDFBox split over two rows put
 * back, ruling lines counted, and Tabula's page built from the same pass for the table finder. A page
 * read another way (OCR) enters the same pipeline as a {@code PageText} of its own words.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.glyphs;
