/**
 * A SolrCloud collection as the index: chunks loaded with their vectors across shards, and the
 * built-in retrievers ({@code bm25}, {@code dense}, {@code hybrid}, {@code hybrid-rrf},
 * {@code hierarchical}, {@code hier-neighbor}, {@code neighbor}) answered by Solr's own BM25 and HNSW.
 */
package io.github.raglens.solr;
