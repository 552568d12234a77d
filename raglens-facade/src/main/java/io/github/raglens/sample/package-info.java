/**
 * A small corpus written for raglens — four short documents on invented subjects, two as Markdown
 * and two as PDFs typeset from Markdown — and a hand-checked question set for it, so the whole
 * pipeline can run offline with no data of the user's.
 */
package io.github.raglens.sample;
