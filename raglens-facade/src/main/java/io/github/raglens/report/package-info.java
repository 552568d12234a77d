/**
 * The run report: a self-contained {@code report.html} (charts inlined, no network at view time,
 * every corpus and model text escaped), {@code report.md}, rendered from a {@link
 * io.github.raglens.report.ReportModel}.
 */
package io.github.raglens.report;
