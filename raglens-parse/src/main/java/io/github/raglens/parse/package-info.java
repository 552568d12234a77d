/** Parsers that turn PDF, Markdown and plain-text files into structured documents. */
package io.github.raglens.parse;
