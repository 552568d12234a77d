/**
 * Scanned pages kept as image files (PNG, JPEG, TIFF of one page or many). {@link
 * io.github.raglens.parse.image.ImageParser} reads each page by OCR and hands the words to the PDF
 * pipeline; {@code ImageFile} tells the kind from the first bytes and bounds the memory a page takes.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.image;
