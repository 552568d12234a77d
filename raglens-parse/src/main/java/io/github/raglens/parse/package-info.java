/**
 * The front door of parsing: {@link io.github.raglens.parse.DocumentParser} picks a format's parser
 * by the file's extension, {@link io.github.raglens.parse.CorpusParser} parses a folder file by file
 * with one outcome each, {@link io.github.raglens.parse.ParseCache} keeps parsed documents by content
 * and parser version, and {@link io.github.raglens.parse.DocumentMarkdown} prints a document.
 *
 * <p>Each format reads in a package of its own beside this one ({@code pdf}, {@code markdown},
 * {@code text}), is listed in {@code Format} with its extensions, and builds its document with {@code
 * document}; the PDF pipeline's stages have rooms of their own ({@code glyphs}, {@code layout},
 * {@code tables}, {@code headings}); scanned pages and images are read by OCR ({@code ocr}, {@code
 * image}) into the same pipeline.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.parse;
