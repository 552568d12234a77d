/**
 * Helpers shared by raglens modules. Not part of the API: anything here may change in any release.
 */
package io.github.raglens.internal;
