package io.github.raglens.internal;

import java.nio.file.Path;

/**
 * Child process of {@link JsonlStoreKillTest}: appends records as fast as it can and reports each
 * one on stdout once {@link JsonlStore#append} has returned (that is, once it is forced to disk).
 */
public final class StoreAppender {

    private StoreAppender() {}

    /** Arguments: the store file and the first record number. */
    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        int next = Integer.parseInt(args[1]);
        try (JsonlStore<JsonlStoreKillTest.Rec> store =
                JsonlStore.open(file, JsonlStoreKillTest.Rec.class, JsonlStoreKillTest.Rec::key)) {
            System.out.println("open " + store.size());
            System.out.flush();
            while (true) {
                String key = "r" + next;
                store.append(new JsonlStoreKillTest.Rec(key, "payload é∑ " + "x".repeat(next % 300), next));
                System.out.println("forced " + key);
                System.out.flush();
                next++;
            }
        }
    }
}
