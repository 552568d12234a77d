/**
 * The answers an evaluation judges: {@link io.github.raglens.eval.answers.AnswerGenerator} asks each
 * RAG system every question and stores the answers with their contexts, resumably, in {@code
 * answers.jsonl}; {@link io.github.raglens.eval.answers.EvalCases} pairs each stored answer with its
 * question into the {@link io.github.raglens.eval.answers.EvalCase} a metric scores.
 */
package io.github.raglens.eval.answers;
