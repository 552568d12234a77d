/**
 * The raglens command line.
 *
 * <p>Not part of the API: the module exports nothing; it is run as a program ({@code raglens}, or
 * {@code java -jar raglens.jar}), and libraries call {@code RagLens} instead. Anything here may change
 * in any release.
 */
package io.github.raglens.cli;
