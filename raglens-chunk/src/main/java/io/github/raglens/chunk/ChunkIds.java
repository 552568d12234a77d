package io.github.raglens.chunk;

import io.github.raglens.model.ChunkType;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Deterministic chunk ids: the first 128 bits of the SHA-256 of the document id, section id, type,
 * fragment index and text, in hex. Re-chunking an unchanged corpus with the same configuration gives
 * the same ids, so caches keyed by chunk id stay valid, and a changed text gives a new id.
 */
final class ChunkIds {

    private ChunkIds() {}

    static String of(String documentId, String sectionId, ChunkType type, int fragmentIndex, String text) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must provide SHA-256", e);
        }
        // A unit separator between fields so that ("ab","c") and ("a","bc") hash differently.
        for (String part : new String[] {documentId, sectionId, type.name(), Integer.toString(fragmentIndex)}) {
            sha.update(part.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0x1f);
        }
        sha.update(text.getBytes(StandardCharsets.UTF_8));
        byte[] digest = sha.digest();
        return HexFormat.of().formatHex(digest, 0, 16);
    }
}
