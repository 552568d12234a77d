package io.github.raglens.solr;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.solr.cloud.MiniSolrCloudCluster;

/**
 * A real SolrCloud in the test JVM: two Solr nodes and an embedded ZooKeeper, started by a test class
 * once and shared by its tests.
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
