/**
 * Tests for your own raglens plug-ins, the way raglens tests its own: contract tests for every SPI
 * interface, written as JUnit interfaces with {@code @Test} default methods, and fakes to drive them.
 *
 * <p>Depend on {@code io.github.raglens:raglens-test-kit} with {@code <scope>test</scope>}, then let a
 * test class implement the contract of the interface you implemented and supply the instance:
 *
 * <pre>{@code
 * class MyRetrieverTest implements RetrieverContract {
 *     public Retriever retriever() { return new MyRetriever(ChunkFixtures.section("doc", "s1", "doc > Intro", 0, "BM25 ranks documents.")); }
 *     public List<String> queries() { return List.of("how does BM25 rank documents"); }
 * }
 * }</pre>
 *
 * <p>The contracts: {@link io.github.raglens.testkit.ParserContract}, {@link
 * io.github.raglens.testkit.ChunkerContract}, {@link io.github.raglens.testkit.EmbeddingProviderContract},
 * {@link io.github.raglens.testkit.RetrieverContract}, {@link io.github.raglens.testkit.LlmProviderContract},
 * {@link io.github.raglens.testkit.JudgeContract} and {@link io.github.raglens.testkit.RagSystemContract}.
 * The fakes: {@link io.github.raglens.testkit.ScriptedLlm} (a model that answers from a script), {@link
 * io.github.raglens.testkit.HashingEmbeddings} (a deterministic embedding model) and {@link
 * io.github.raglens.testkit.ChunkFixtures} (chunks shaped like the chunker's).
 */
package io.github.raglens.testkit;
