package io.github.raglens.parse.document;

import io.github.raglens.error.ParseException;
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
            throw new ParseException(
                    file, "cannot read the file (" + e.getMessage() + "); check that it exists and is readable", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
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
