/** Embedding models run in-process with ONNX Runtime, offline. */
package io.github.raglens.onnx;
