/**
 * The HTTP machinery shared by the provider clients: retries, rate limits, error mapping, JSON
 * checks. Not part of the API: anything here may change in any release.
 */
package io.github.raglens.providers.internal;
