/**
 * The answers an evaluation judges: {@link io.github.raglens.eval.answers.AnswerGenerator} asks each
 * RAG system every question and stores the answers with their contexts, resumably, in {@code
 * answers.jsonl}; {@link io.github.raglens.eval.answers.EvalCases} pairs each stored answer with its
 * question into the {@link io.github.raglens.eval.answers.EvalCase} a metric scores.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval.answers;
