/**
 * Ground-truth questions: one question, answer and verbatim evidence per chunk and question style,
 * written by an LLM, checked, and appended to {@code questions.jsonl} so that an interrupted run
 * resumes; the corpus's personas the persona style asks as; the lexical overlap of a question with its
 * source that generation and the benchmark both measure.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval.questions;
