/**
 * HTML pages. {@link io.github.raglens.parse.html.HtmlParser} decodes a page in its declared charset
 * ({@code HtmlCharset}), parses it with jsoup, keeps its main content ({@code HtmlContent}) and writes
 * it as blocks ({@code HtmlBlocks}, tables by {@code HtmlTable}); the EPUB reader reads each chapter
 * with the same pieces.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.html;
