/** Speed and quality benchmarks of raglens against peers. */
package io.github.raglens.benchmarks;
