/** The raglens facade: configure a pipeline with RagLens.builder() and run its stages. */
package io.github.raglens;
