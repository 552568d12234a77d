package io.github.raglens.internal;

import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A prompt's version derived from what it sends, so an edited prompt can never be mistaken for the
 * old one: a readable name, {@code @}, and 8 hex digits of a SHA-256 over requests the prompt makes of
 * placeholder inputs (every message's role and text, the reply schema, temperature and output cap).
 * Not part of the API.
 */
public final class PromptVersion {

    private PromptVersion() {}

    /**
     * The version of a prompt.
     *
     * @param name the readable name, e.g. {@code statements}
     * @param probes the prompt's requests for placeholder inputs; any change to one changes the version
     * @return e.g. {@code statements@3f2a9c1d}
     */
    public static String of(String name, ChatRequest... probes) {
        Objects.requireNonNull(name, "name");
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (ChatRequest r : probes) {
                StringBuilder sb = new StringBuilder();
                for (ChatMessage m : r.messages()) {
                    sb.append(m.role()).append('\u001f').append(m.content()).append('\u001e');
                }
                r.schema()
                        .ifPresent(schema -> sb.append(schema.name())
                                .append('\u001f')
                                .append(schema.schemaJson())
                                .append('\u001e'));
                sb.append(r.temperature())
                        .append('\u001f')
                        .append(r.maxOutputTokens())
                        .append('\u001d');
                sha.update(sb.toString().getBytes(StandardCharsets.UTF_8));
            }
            return name + "@" + HexFormat.of().formatHex(sha.digest(), 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
