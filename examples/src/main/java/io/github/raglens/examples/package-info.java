/** Runnable examples of raglens. */
package io.github.raglens.examples;
