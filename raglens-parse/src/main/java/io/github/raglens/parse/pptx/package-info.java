/**
 * PowerPoint presentations (PPTX). {@link io.github.raglens.parse.pptx.PptxParser} opens the package
 * with POI and reads each slide ({@code PptxSlide}) with StAX in the presentation's order: a section per
 * slide under its title, its text, tables and chart data, and its speaker notes.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.pptx;
