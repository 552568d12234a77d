package io.github.raglens.solr;

import java.io.InputStream;

/**
 * A two-node SolrCloud for tests of other modules, in its own JVM (Solr ships Lucene 9, the in-process
 * index Lucene 10): prints {@code zk HOST:PORT/solr} and {@code url http://HOST:PORT/solr} once the
 * cluster is up, and shuts it down when its standard input closes (the parent test ended or died).
 */
public final class ClusterMain {

    private ClusterMain() {}

    /** Starts the cluster; no arguments. */
    public static void main(String[] args) throws Exception {
        try (TestCluster cluster = TestCluster.start()) {
            System.out.println("zk " + cluster.zkHost());
            System.out.println(
                    "url " + cluster.cluster.getJettySolrRunners().get(0).getBaseUrl());
            System.out.flush();
            InputStream in = System.in;
            while (in.read() >= 0) {
                // wait for the parent to close our input
            }
        }
        System.exit(0);
    }
}
