package io.github.raglens.parse.document;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/** Stable document ids (file name plus content hash) and file hashes. */
public final class DocumentIds {

    private DocumentIds() {}

    /** The SHA-256 of a file's bytes, as lowercase hex. */
    public static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw SourceFile.unreadable(file, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    /** The SHA-256 of bytes already read, as lowercase hex. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    /** The id of the document a file holds, its content hashed from the file. */
    public static String of(Path file) {
        return id(file, sha256(file));
    }

    /** The id of the document a file holds, its content hashed from the bytes read from it. */
    public static String of(Path file, byte[] bytes) {
        return id(file, sha256(bytes));
    }

    /** {@code <file-name-stem>-<first 12 hex digits of the SHA-256>}, lowercase. */
    public static String id(Path file, String sha256) {
        return stem(file).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-") + "-" + sha256.substring(0, 12);
    }

    /** The file name without its extension. */
    public static String stem(Path file) {
        String name = file.getFileName() == null
                ? file.toString()
                : file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
