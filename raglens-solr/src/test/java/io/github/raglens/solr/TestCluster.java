package io.github.raglens.solr;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.solr.cloud.MiniSolrCloudCluster;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A real SolrCloud in the test JVM: two Solr nodes and an embedded ZooKeeper. The test classes of a
 * JVM share one ({@link Shared}): starting a cluster takes most of a Solr test's time. Each class uses
 * collections of its own names; a class that stops a node starts it again before it ends.
 */
final class TestCluster implements AutoCloseable {

    final MiniSolrCloudCluster cluster;
    final Path baseDir;

    private TestCluster(MiniSolrCloudCluster cluster, Path baseDir) {
        this.cluster = cluster;
        this.baseDir = baseDir;
    }

    static TestCluster start() throws Exception {
        Path dir = Files.createTempDirectory("raglens-solr");
        // Solr refuses cores outside its allowed paths; the nodes' folders are under this one.
        System.setProperty("solr.allowPaths", dir.toString());
        System.setProperty("solr.log.dir", dir.resolve("logs").toString());
        return new TestCluster(new MiniSolrCloudCluster.Builder(2, dir).configure(), dir);
    }

    /**
     * Resolves a parameter of type {@link TestCluster} (of a {@code @BeforeAll} method, say) to the
     * cluster of the test run, started by the first class that asks for it and shut down when the run
     * ends: JUnit closes what its root store holds.
     */
    static final class Shared implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == TestCluster.class;
        }

        @Override
        public TestCluster resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getRoot()
                    .getStore(ExtensionContext.Namespace.create(TestCluster.class))
                    .getOrComputeIfAbsent("cluster", key -> startOrFail(), TestCluster.class);
        }

        private static TestCluster startOrFail() {
            try {
                return start();
            } catch (Exception e) {
                throw new IllegalStateException("the shared test cluster did not start: " + e, e);
            }
        }
    }

    /** The ZooKeeper address, {@code 127.0.0.1:PORT/solr}. */
    String zkHost() {
        return cluster.getZkServer().getZkAddress();
    }

    SolrIndex.Builder index(String collection) {
        return SolrIndex.builder().zkHost(zkHost()).collection(collection);
    }

    @Override
    public void close() {
        try {
            cluster.shutdown();
        } catch (Exception e) {
            throw new IllegalStateException("the test cluster did not shut down", e);
        }
    }
}
