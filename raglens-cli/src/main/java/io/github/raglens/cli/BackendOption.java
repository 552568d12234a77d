package io.github.raglens.cli;

import io.github.raglens.RagLens;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --backend lucene|solrcloud} with the SolrCloud address, shared by index, benchmark, evaluate
 * and beir: checked as the command starts, before any work, and handed to the facade's {@link
 * RagLens.Builder#backend}.
 */
final class BackendOption {

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--backend",
            paramLabel = "lucene|solrcloud",
            defaultValue = "lucene",
            description = "Where the chunks are indexed and searched: lucene (in the workspace) or solrcloud (a"
                    + " SolrCloud collection; needs --solr-zk or --solr-url). Default: ${DEFAULT-VALUE}.")
    String backend;

    @Option(
            names = "--solr-zk",
            paramLabel = "HOST:PORT[/chroot]",
            description = "ZooKeeper of the SolrCloud cluster, e.g. zk1:2181,zk2:2181/solr (with --backend solrcloud).")
    String solrZk;

    @Option(
            names = "--solr-url",
            paramLabel = "URL",
            description = "A node of the SolrCloud cluster instead of ZooKeeper, e.g. http://solr1:8983/solr.")
    String solrUrl;

    @Option(
            names = "--solr-collection",
            paramLabel = "NAME",
            description = "The collection (default: raglens; beir uses NAME-beir-DATASET). Created with 2 shards"
                    + " when missing.")
    String solrCollection;

    /**
     * Sets the backend on a builder.
     *
     * @throws CommandLine.ParameterException (a usage error) naming the option that does not fit
     */
    RagLens.Builder applyTo(RagLens.Builder builder) {
        CommandLine cmd = spec.commandLine();
        Map<String, String> options = new LinkedHashMap<>();
        put(options, "zk", solrZk);
        put(options, "url", solrUrl);
        put(options, "collection", solrCollection);
        switch (backend) {
            case "lucene" -> {
                if (!options.isEmpty()) {
                    throw new CommandLine.ParameterException(
                            cmd,
                            firstSolrOption() + " needs --backend solrcloud; add it, or drop the --solr-* options");
                }
            }
            case "solrcloud" -> {
                if (solrZk == null && solrUrl == null) {
                    throw new CommandLine.ParameterException(
                            cmd, "--backend solrcloud needs --solr-zk HOST:PORT[/chroot] or --solr-url URL");
                }
                if (solrZk != null && solrUrl != null) {
                    throw new CommandLine.ParameterException(cmd, "give --solr-zk or --solr-url, not both");
                }
            }
            default ->
                throw new CommandLine.ParameterException(
                        cmd, "--backend must be lucene or solrcloud, was '" + backend + "'");
        }
        try {
            return builder.backend(backend, options);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(
                    cmd, (solrZk != null ? "--solr-zk" : "--solr-url") + ": " + e.getMessage());
        }
    }

    /** Whether the index is the workspace's own Lucene index. */
    boolean isLucene() {
        return backend.equals("lucene");
    }

    /** Where the index is, for the summary line: {@code <workspace>/index} or the cluster. */
    String where(RagLens lens) {
        return isLucene()
                ? lens.workspace().index().toString()
                : "solrcloud " + (solrZk != null ? "zk " + solrZk : solrUrl) + " collection "
                        + (solrCollection == null ? "raglens" : solrCollection);
    }

    private String firstSolrOption() {
        return solrZk != null ? "--solr-zk" : solrUrl != null ? "--solr-url" : "--solr-collection";
    }

    private static void put(Map<String, String> options, String key, String value) {
        if (value != null) {
            options.put(key, value);
        }
    }
}
