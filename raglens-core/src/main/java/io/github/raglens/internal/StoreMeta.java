package io.github.raglens.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.error.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The sidecar {@code <file>.meta.json} of a store: its schema version and record type. Written
 * atomically before the first record, checked on every open.
 */
final class StoreMeta {

    private StoreMeta() {}

    static void checkOrWrite(Path store, String recordType, int schemaVersion) {
        Path meta = store.resolveSibling(store.getFileName() + ".meta.json");
        try {
            if (Files.exists(meta)) {
                JsonNode node = readMeta(store, meta);
                int found = node.path("schemaVersion").asInt(-1);
                if (found < 1) {
                    throw new StoreException(
                            store, meta + " has no valid schemaVersion; delete it if " + store + " is yours", null);
                }
                if (found > schemaVersion) {
                    throw new StoreException(
                            store,
                            store + " was written by a newer raglens (schema version " + found
                                    + ", this version reads up to " + schemaVersion
                                    + "); upgrade raglens or use another workspace",
                            null);
                }
                return;
            }
            ObjectNode node = Json.objectNode();
            node.put("schemaVersion", schemaVersion);
            node.put("recordType", recordType);
            Path tmp = meta.resolveSibling(meta.getFileName() + ".tmp");
            Files.write(tmp, Json.writer().writeValueAsBytes(node));
            Files.move(tmp, meta, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StoreException(store, "cannot read or write " + meta + ": " + e.getMessage(), e);
        }
    }

    private static JsonNode readMeta(Path store, Path meta) throws IOException {
        try {
            return Json.readTree(meta);
        } catch (JsonProcessingException e) {
            throw new StoreException(
                    store, meta + " is not JSON (" + Json.problem(e) + "); delete it if " + store + " is yours", e);
        }
    }
}
