/**
 * Tables on a page of words. {@link io.github.raglens.parse.tables.TableFinder} decides whether a page
 * shows evidence of one, then reads its tables: with Tabula's lattice extraction where ruling lines
 * form cells, between horizontal rules ({@code RuleBands}), and with stream extraction in the regions
 * where unruled tables sit ({@code TableRegions}: beside a caption, or runs of aligned figures, amounts
 * or words), columns taken from the words' own gaps where Tabula merges them. Each reading earns its
 * place before it is kept as a {@link io.github.raglens.parse.tables.FoundTable}.
 *
 * <p>Not part of the API; not exported.
 */
package io.github.raglens.parse.tables;
