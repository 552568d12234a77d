package io.github.raglens.modulecheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.Chunk;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ChunkFixtures;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resolves the built raglens jars, with their runtime dependencies, as named modules in a layer of
 * their own (this test itself runs on the class path, in the unnamed module), and checks what the
 * module descriptors promise: every jar is an explicit module, internal packages are exported to
 * siblings only and left out of the Javadoc, Jackson reaches the records it binds, and the facade
 * finds an index backend on the class path through its {@code uses} declaration.
 */
class ModulePathTest {

    /** The raglens jars with a module descriptor. */
    private static final Set<String> EXPLICIT = Set.of(
            "io.github.raglens.core",
            "io.github.raglens.testkit",
            "io.github.raglens.parse",
            "io.github.raglens.chunk",
            "io.github.raglens.retrieval",
            "io.github.raglens.eval",
            "io.github.raglens.providers",
            "io.github.raglens.onnx",
            "io.github.raglens",
            "io.github.raglens.cli",
            "io.github.raglens.studio",
            "io.github.raglens.junit",
            "io.github.raglens.langchain4j");

    private static ModuleLayer layer;
    private static Configuration configuration;

    @BeforeAll
    static void defineLayer() throws IOException {
        ModuleFinder finder = ModuleFinder.of(paths("raglens.modulePath").toArray(Path[]::new));
        configuration = ModuleLayer.boot().configuration().resolveAndBind(finder, ModuleFinder.of(), EXPLICIT);
        // The platform loader as parent: no raglens class may come from this test's class path.
        layer = ModuleLayer.boot().defineModulesWithOneLoader(configuration, ClassLoader.getPlatformClassLoader());
    }

    @Test
    void everyRaglensJarWithADescriptor_isAnExplicitModuleInTheLayer() {
        for (String name : EXPLICIT) {
            ModuleDescriptor descriptor = module(name).getDescriptor();
            assertThat(descriptor.isAutomatic()).as(name).isFalse();
            assertThat(module(name).getClassLoader()).as(name).isNotNull();
        }
    }

    @Test
    void theStudio_isAServiceTheFacadeUses_soTheCommandDoesNotRequireIt() {
        assertThat(module("io.github.raglens").getDescriptor().uses()).contains("io.github.raglens.spi.StudioServer");
        assertThat(module("io.github.raglens.studio").getDescriptor().provides())
                .extracting(ModuleDescriptor.Provides::service)
                .containsExactly("io.github.raglens.spi.StudioServer");
        assertThat(module("io.github.raglens.cli").getDescriptor().requires())
                .extracting(ModuleDescriptor.Requires::name)
                .doesNotContain("io.github.raglens.studio");
    }

    @Test
    void internalPackages_areExportedToNamedSiblingsOnly() {
        List<String> internal = new ArrayList<>();
        for (String name : EXPLICIT) {
            for (ModuleDescriptor.Exports export : module(name).getDescriptor().exports()) {
                if (export.source().endsWith(".internal")) {
                    internal.add(export.source());
                    assertThat(export.isQualified()).as(export.source()).isTrue();
                }
            }
        }
        assertThat(internal).containsExactly("io.github.raglens.internal");

        Module core = module("io.github.raglens.core");
        assertThat(core.isExported("io.github.raglens.internal")).isFalse();
        assertThat(core.isExported("io.github.raglens.internal", module("io.github.raglens")))
                .isTrue();
        assertThat(core.isExported("io.github.raglens.internal", module("io.github.raglens.cli")))
                .isFalse();
        assertThat(core.isExported("io.github.raglens.model")).isTrue();
        Module providers = module("io.github.raglens.providers");
        // The clients' shared HTTP machinery is package-private in the one exported package.
        assertThat(providers.getDescriptor().exports())
                .extracting(ModuleDescriptor.Exports::source)
                .containsExactly("io.github.raglens.providers");
        Module facade = module("io.github.raglens");
        assertThat(facade.isExported("io.github.raglens")).isTrue();
        // The facade's workings sit beside its API, exported to no one.
        assertThat(facade.getDescriptor().packages()).contains("io.github.raglens.facade.internal");
        assertThat(facade.isExported("io.github.raglens.facade.internal")).isFalse();
        assertThat(facade.isExported("io.github.raglens.facade.internal", module("io.github.raglens.cli")))
                .isFalse();
        // Models by provider name serve the CLI's flags alone.
        assertThat(facade.isExported("io.github.raglens.facade.cli")).isFalse();
        assertThat(facade.isExported("io.github.raglens.facade.cli", module("io.github.raglens.cli")))
                .isTrue();
        Module eval = module("io.github.raglens.eval");
        assertThat(eval.isExported("io.github.raglens.eval.judge")).isFalse();
        assertThat(eval.isExported("io.github.raglens.eval.scoring")).isFalse();
        assertThat(eval.isExported("io.github.raglens.eval.scoring", facade)).isTrue();
        assertThat(eval.getDescriptor().exports()).allMatch(ModuleDescriptor.Exports::isQualified);
        assertThat(core.isExported("io.github.raglens.gate")).isTrue();
        assertThat(module("io.github.raglens.parse").isExported("io.github.raglens.parse"))
                .isFalse();
    }

    @Test
    void javadoc_documentsTheUnqualifiedExportsOnly() throws IOException {
        for (String name : EXPLICIT) {
            Set<String> api = new TreeSet<>();
            for (ModuleDescriptor.Exports export : module(name).getDescriptor().exports()) {
                if (!export.isQualified()) {
                    api.add(export.source());
                }
            }
            assertThat(documentedPackages(name)).as(name + "'s Javadoc").isEqualTo(api);
        }
    }

    @Test
    void aPublicTypeOfAnInternalPackage_cannotBeCalledFromOutside() throws Exception {
        Class<?> titles = load("io.github.raglens.core", "io.github.raglens.internal.SectionTitles");
        Method normalise = titles.getMethod("normalise", String.class);

        assertThatThrownBy(() -> normalise.invoke(null, "References")).isInstanceOf(IllegalAccessException.class);

        // The same call through an exported package succeeds: the layer itself is usable.
        Class<?> ragLens = load("io.github.raglens", "io.github.raglens.RagLens");
        assertThat(ragLens.getMethod("builder").invoke(null)).isNotNull();
    }

    @Test
    void chunksFile_roundTripsAChunkThroughJackson_inTheLayer(@TempDir Path dir) throws Exception {
        Chunk chunk = ChunkFixtures.section("paper", "s1", "paper > 1 Intro", 0, "Tides rise twice a day.");
        Path file = dir.resolve("chunks.jsonl");
        ChunksFile.write(file, List.of(chunk));
        String written = Files.readString(file, StandardCharsets.UTF_8);
        Files.delete(file);

        Class<?> chunksFile = load("io.github.raglens.core", "io.github.raglens.store.ChunksFile");
        Files.writeString(file, written, StandardCharsets.UTF_8);
        List<?> read = (List<?>) chunksFile.getMethod("read", Path.class).invoke(null, file);
        Path again = dir.resolve("again.jsonl");
        chunksFile.getMethod("write", Path.class, List.class).invoke(null, again, read);

        assertThat(read).hasSize(1);
        assertThat(read.get(0).getClass().getModule()).isEqualTo(module("io.github.raglens.core"));
        assertThat(Files.readString(again, StandardCharsets.UTF_8)).isEqualTo(written);
    }

    @Test
    void anIndexBackendOnTheClassPath_isFoundByTheFacadeThroughItsUsesDeclaration() throws Exception {
        ClassLoader facadeLoader = module("io.github.raglens").getClassLoader();
        URL[] solr =
                paths("raglens.classPath").stream().map(ModulePathTest::url).toArray(URL[]::new);
        Map<String, String> options = Map.of("url", "http://localhost:8983/solr");

        try (URLClassLoader classPath = new URLClassLoader("solr", solr, facadeLoader)) {
            Object builder = withContextLoader(classPath, () -> chooseBackend("solrcloud", options));
            assertThat(builder).isNotNull();
        }
        assertThatThrownBy(() -> withContextLoader(facadeLoader, () -> chooseBackend("solrcloud", options)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no index backend named 'solrcloud' on the classpath");
    }

    /** {@code RagLens.builder().backend(name, options)}, called through the layer. */
    private static Object chooseBackend(String name, Map<String, String> options) throws Exception {
        Object builder = load("io.github.raglens", "io.github.raglens.RagLens")
                .getMethod("builder")
                .invoke(null);
        try {
            return builder.getClass()
                    .getMethod("backend", String.class, Map.class)
                    .invoke(builder, name, options);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    private static <T> T withContextLoader(ClassLoader loader, Callable<T> call) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return call.call();
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    private static Module module(String name) {
        return layer.findModule(name).orElseThrow(() -> new AssertionError("module " + name + " is not in the layer"));
    }

    private static Class<?> load(String module, String type) throws ClassNotFoundException {
        Class<?> loaded = Class.forName(type, true, module(module).getClassLoader());
        assertThat(loaded.getModule()).isEqualTo(module(module));
        return loaded;
    }

    /**
     * The packages of the module's Javadoc jar (built beside its jar in the {@code package} phase),
     * from its {@code element-list}.
     */
    private static Set<String> documentedPackages(String name) throws IOException {
        Path jar = configuration
                .findModule(name)
                .flatMap(m -> m.reference().location())
                .map(Path::of)
                .orElseThrow(() -> new AssertionError("module " + name + " has no jar"));
        Path javadoc;
        try (Stream<Path> files = Files.list(jar.getParent())) {
            javadoc = files.filter(f -> f.getFileName().toString().endsWith("-javadoc.jar"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no Javadoc jar beside " + jar
                            + "; build it with ./verify (not with -Dmaven.javadoc.skip)"));
        }
        Set<String> packages = new TreeSet<>();
        try (JarFile file = new JarFile(javadoc.toFile())) {
            JarEntry list = file.getJarEntry("element-list");
            assertThat(list).as(javadoc + " has an element-list").isNotNull();
            try (InputStream in = file.getInputStream(list)) {
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    if (!line.isBlank() && !line.startsWith("module:")) {
                        packages.add(line.strip());
                    }
                }
            }
        }
        return packages;
    }

    /** The paths Maven wrote, one class-path string, to the file the system property names. */
    private static List<Path> paths(String property) throws IOException {
        String file = System.getProperty(property);
        if (file == null) {
            throw new IllegalStateException(property + " is not set; run this test through Maven");
        }
        String line = Files.readString(Path.of(file), StandardCharsets.UTF_8).strip();
        List<Path> paths = new ArrayList<>();
        for (String entry : line.split(java.io.File.pathSeparator)) {
            if (!entry.isBlank()) {
                paths.add(Path.of(entry));
            }
        }
        if (paths.isEmpty()) {
            throw new IllegalStateException(file + " lists no path");
        }
        return paths;
    }

    private static URL url(Path path) {
        try {
            return path.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(path.toString(), e);
        }
    }
}
