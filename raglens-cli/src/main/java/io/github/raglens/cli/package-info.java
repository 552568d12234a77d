/** The raglens command line. */
package io.github.raglens.cli;
