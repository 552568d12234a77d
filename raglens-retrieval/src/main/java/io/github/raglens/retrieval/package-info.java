/** A Lucene index holding BM25 text and HNSW vectors, and the retrieval strategies over it. */
package io.github.raglens.retrieval;
