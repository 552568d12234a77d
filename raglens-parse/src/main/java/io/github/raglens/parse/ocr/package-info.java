/**
 * OCR of scanned pages with Tesseract 5 through bytedeco's jars, which carry the native library for
 * each platform, so a user installs only language data. {@link io.github.raglens.parse.ocr.OcrEngine}
 * reads a page's {@link io.github.raglens.parse.ocr.GrayImage} ({@code Tesseract}: lines, word boxes,
 * baselines and x-heights from its result iterator; the page turned upright first when its words stand
 * on end or read poorly) and gives a {@link io.github.raglens.parse.glyphs.PageText} ({@code OcrWords}:
 * points, type size from the x-height, bold from stroke width), which the PDF pipeline reads as it reads
 * a text layer. {@link io.github.raglens.parse.ocr.ScannedPages} says which PDF pages need it (from the
 * share of the page the text pass found its images covering), {@link io.github.raglens.parse.ocr.PageImages} draws them at 300 dpi, and {@code
 * TessData} finds the language data, naming the package that installs a missing language.
 *
 * <p>Not part of the API: exported to the facade only, which sets the languages.
 */
package io.github.raglens.parse.ocr;
