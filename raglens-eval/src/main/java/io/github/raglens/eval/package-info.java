/** Retrieval metrics, question generation, judge metrics and the statistics behind them. */
package io.github.raglens.eval;
