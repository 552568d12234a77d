package io.github.raglens.eval.judge;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads a parsed JSON reply into what a metric needs.
 *
 * @param <T> the value read
 */
@FunctionalInterface
interface ReplyReader<T> {

    /**
     * Reads the reply.
     *
     * @throws IllegalArgumentException when the reply does not have the expected shape
     */
    T read(JsonNode reply);
}
