/**
 * The results raglens hands back: immutable records of what an ingest, a question generation, a
 * benchmark, an evaluation or a TREC/BEIR run measured, written to and read from the workspace as
 * JSON. The code that computes them lives in the implementation modules; a caller of the facade needs
 * only this package to read them.
 *
 * <p>What each stage of {@code RagLens} returns is named after the stage, {@code XxxResult}: {@link
 * IngestResult}, {@link IndexResult}, {@link QuestionGenerationResult}, {@link QuestionImportResult},
 * {@link BenchmarkResult}, {@link JudgedRelevanceResult}, {@link EvaluationResult}, {@link
 * BeirResult}, {@link GateResult} and {@link ComparisonResult}. The other records here are parts of
 * those results or values a stage reads: a {@link Baseline}, a {@link CostEstimate}, and the
 * judge's {@link Calibration} against people's labels, part of an evaluation's result and what {@code
 * RagLens.labels().calibration} reads on its own.
 */
package io.github.raglens.result;
