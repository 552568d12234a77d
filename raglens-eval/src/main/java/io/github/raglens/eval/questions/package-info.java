/**
 * Ground-truth questions: one question, answer and verbatim evidence per chunk, written by an LLM,
 * checked, and appended to {@code questions.jsonl} so that an interrupted run resumes.
 */
package io.github.raglens.eval.questions;
