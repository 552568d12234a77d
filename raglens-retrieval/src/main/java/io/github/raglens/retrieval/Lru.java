package io.github.raglens.retrieval;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BinaryOperator;

/** A map of the last {@code capacity} keys used: the least recently used one is forgotten first. Thread-safe. */
final class Lru<K, V> {

    private final Map<K, V> map;

    Lru(int capacity) {
        this.map = new LinkedHashMap<>(capacity * 2, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The value of a key, null when it is not remembered. */
    synchronized V get(K key) {
        return map.get(key);
    }

    /** Remembers a value, or the one {@code keep} picks from the remembered one and this one. */
    synchronized void put(K key, V value, BinaryOperator<V> keep) {
        map.merge(key, value, keep);
    }
}
