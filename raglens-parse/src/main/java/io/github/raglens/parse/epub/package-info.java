/**
 * EPUB books. {@link io.github.raglens.parse.epub.EpubParser} opens the book ({@code EpubBook}: its
 * container, package document, title and spine, each part read with a bound on how far it expands) and
 * reads each chapter in spine order with the HTML package's pieces.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.epub;
