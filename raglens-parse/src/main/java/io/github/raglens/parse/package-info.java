/**
 * Parsers that turn PDF, Markdown and plain-text files into structured documents.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.parse;
