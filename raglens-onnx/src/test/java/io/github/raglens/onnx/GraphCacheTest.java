package io.github.raglens.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.EmbeddingPurpose;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphCacheTest {

    @TempDir
    Path dir;

    private final AtomicInteger runs = new AtomicInteger();

    /** A rewrite that counts its runs and reverses the bytes. */
    private final UnaryOperator<byte[]> reverse = in -> {
        runs.incrementAndGet();
        byte[] out = new byte[in.length];
        for (int i = 0; i < in.length; i++) {
            out[i] = in[in.length - 1 - i];
        }
        return out;
    };

    private static byte[] graph(long seed, int size) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private Path onlyFile() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> all = files.toList();
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }

    @Test
    void rewrite_secondTime_isReadFromDiskWithoutRunningTheRewrite() {
        GraphCache cache = GraphCache.in(dir);
        byte[] source = graph(1, 10_000);
        String key = GraphCache.keyOf(source);
        byte[] first = cache.rewrite(key, "reverse-1", () -> source, reverse).orElseThrow();
        byte[] second = cache.rewrite(
                        key,
                        "reverse-1",
                        () -> {
                            throw new AssertionError("a cached rewrite needs no input");
                        },
                        reverse)
                .orElseThrow();
        assertThat(runs).hasValue(1);
        assertThat(second).isEqualTo(first).isNotSameAs(first);
        assertThat(first[0]).isEqualTo(source[source.length - 1]);
    }

    @Test
    void rewrite_otherSourceOrOtherChain_isAnEntryOfItsOwn() throws Exception {
        GraphCache cache = GraphCache.in(dir);
        byte[] a = graph(1, 1_000);
        byte[] b = graph(2, 1_000);
        cache.rewrite(GraphCache.keyOf(a), "reverse-1", () -> a, reverse);
        cache.rewrite(GraphCache.keyOf(b), "reverse-1", () -> b, reverse);
        cache.rewrite(GraphCache.keyOf(a), "reverse-2", () -> a, reverse);
        assertThat(runs).hasValue(3);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).hasSize(3);
        }
        assertThat(cache.rewrite(GraphCache.keyOf(b), "reverse-1", () -> b, reverse))
                .hasValueSatisfying(g -> assertThat(g).isEqualTo(reverse.apply(b)));
        assertThat(runs).hasValue(4); // only the check's own run above
    }

    @Test
    void rewrite_thatChangesNothing_isRememberedAsAMarker() throws Exception {
        GraphCache cache = GraphCache.in(dir);
        byte[] source = graph(3, 5_000);
        UnaryOperator<byte[]> identity = in -> {
            runs.incrementAndGet();
            return in;
        };
        assertThat(cache.rewrite(GraphCache.keyOf(source), "none-1", () -> source, identity))
                .isEmpty();
        assertThat(cache.rewrite(GraphCache.keyOf(source), "none-1", () -> source, identity))
                .isEmpty();
        assertThat(runs).hasValue(1);
        assertThat(Files.size(onlyFile())).isLessThan(200);
    }

    @Test
    void rewrite_corruptFile_isDetectedDeletedAndRebuilt() throws Exception {
        Random random = new Random(42);
        GraphCache cache = GraphCache.in(dir);
        byte[] source = graph(4, 20_000);
        String key = GraphCache.keyOf(source);
        byte[] expected = cache.rewrite(key, "reverse-1", () -> source, reverse).orElseThrow();
        Path file = onlyFile();
        byte[] intact = Files.readAllBytes(file);
        // A flipped byte anywhere (header or payload), a truncation, an empty file, another file's bytes.
        List<byte[]> damaged = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            byte[] d = intact.clone();
            int at = random.nextInt(d.length);
            d[at] ^= (byte) (1 + random.nextInt(255));
            damaged.add(d);
        }
        damaged.add(java.util.Arrays.copyOf(intact, intact.length - 1 - random.nextInt(intact.length - 1)));
        damaged.add(new byte[0]);
        damaged.add(graph(5, intact.length));
        int before = runs.get();
        for (byte[] d : damaged) {
            Files.write(file, d);
            assertThat(cache.rewrite(key, "reverse-1", () -> source, reverse).orElseThrow())
                    .isEqualTo(expected);
            assertThat(Files.readAllBytes(file)).as("rebuilt").isEqualTo(intact);
        }
        assertThat(runs.get() - before).isEqualTo(damaged.size());
    }

    @Test
    void rewrite_folderThatCannotBeWritten_stillGivesTheRewrite() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("file"), "x");
        GraphCache cache = GraphCache.in(notAFolder.resolve("graphs"));
        byte[] source = graph(6, 1_000);
        byte[] out = cache.rewrite(GraphCache.keyOf(source), "reverse-1", () -> source, reverse)
                .orElseThrow();
        assertThat(out[0]).isEqualTo(source[source.length - 1]);
        cache.rewrite(GraphCache.keyOf(source), "reverse-1", () -> source, reverse);
        assertThat(runs).hasValue(2);
    }

    @Test
    void rewrite_none_runsEveryTime() {
        byte[] source = graph(7, 100);
        GraphCache.none().rewrite(GraphCache.keyOf(source), "reverse-1", () -> source, reverse);
        GraphCache.none().rewrite(GraphCache.keyOf(source), "reverse-1", () -> source, reverse);
        assertThat(runs).hasValue(2);
    }

    @Test
    void rewrite_chainWithASlash_isRefused() {
        byte[] source = graph(8, 10);
        assertThatThrownBy(() -> GraphCache.in(dir).rewrite("k", "../x", () -> source, reverse))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("chain must be letters, digits, '.', '+' or '-', was '../x'");
    }

    @Test
    void onnxEmbeddings_fromTheCache_andAfterItsFilesWereDamaged_embedExactlyAsTheRewrittenGraph() throws Exception {
        List<String> texts = List.of("How are proteins folded?", "The mitochondria is the powerhouse of the cell.");
        List<float[]> expected;
        try (OnnxEmbeddings fresh =
                OnnxEmbeddings.builder().bgeSmallEnV15().noGraphCache().build()) {
            expected = fresh.embed(texts, EmbeddingPurpose.PASSAGE);
        }
        Path cacheDir = dir.resolve("graphs");
        for (int round = 0; round < 3; round++) {
            if (round == 2) {
                // Damage every cached graph: each must be detected and rebuilt.
                try (Stream<Path> files = Files.list(cacheDir)) {
                    for (Path f : files.toList()) {
                        byte[] b = Files.readAllBytes(f);
                        b[b.length / 2] ^= 0x5a;
                        Files.write(f, b);
                    }
                }
            }
            try (OnnxEmbeddings cached = OnnxEmbeddings.builder()
                    .bgeSmallEnV15()
                    .graphCache(cacheDir)
                    .build()) {
                List<float[]> got = cached.embed(texts, EmbeddingPurpose.PASSAGE);
                for (int i = 0; i < texts.size(); i++) {
                    assertThat(got.get(i)).as("round %d, text %d", round, i).containsExactly(expected.get(i));
                }
            }
            try (Stream<Path> files = Files.list(cacheDir)) {
                // bge-small quantised: the unpadded graph and the first-token-only one, no temporary file
                assertThat(files.map(p -> p.getFileName().toString()))
                        .as("round %d", round)
                        .hasSize(2)
                        .allMatch(n -> n.endsWith(".unpadded-1.graph") || n.endsWith(".unpadded-1+cls-only-1.graph"));
            }
        }
    }
}
