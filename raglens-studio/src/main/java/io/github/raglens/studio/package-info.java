/**
 * The studio's server and pages. {@link io.github.raglens.studio.Studio} is the only public type:
 * its builder names the workspace, address, port and token; the pages read the workspace through the
 * facade ({@code RagLens.runs()}, {@code RagLens.judgedCells()} …) and are plain HTML with a little
 * JavaScript and Chart.js, every file served from this jar.
 */
package io.github.raglens.studio;
