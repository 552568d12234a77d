package io.github.raglens.onnx;

import io.github.raglens.error.ModelNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Objects;

/** Where the ONNX graph and the {@code tokenizer.json} of a model come from. */
sealed interface ModelSource {

    /** A description of the model file for messages. */
    String describe();

    /** Checks that both files exist, or throws a message naming the missing one and the fix. */
    void check(String modelName);

    /** Reads the whole ONNX graph (ONNX Runtime needs it in one array anyway). */
    byte[] readOnnx(String modelName);

    /** Opens the tokenizer definition. */
    InputStream openTokenizer() throws IOException;

    /** Two files on disk, supplied by the user. */
    record Files(Path onnx, Path tokenizer) implements ModelSource {
        public Files {
            Objects.requireNonNull(onnx, "onnx");
            Objects.requireNonNull(tokenizer, "tokenizer");
        }

        @Override
        public String describe() {
            return "'" + onnx + "'";
        }

        @Override
        public void check(String modelName) {
            if (!java.nio.file.Files.isRegularFile(onnx)) {
                throw new ModelNotFoundException(
                        OnnxEmbeddings.PROVIDER,
                        modelName,
                        0,
                        null,
                        "ONNX model file not found: '" + onnx + "'; pass the path of an existing .onnx file",
                        null);
            }
            if (!java.nio.file.Files.isRegularFile(tokenizer)) {
                throw new ModelNotFoundException(
                        OnnxEmbeddings.PROVIDER,
                        modelName,
                        0,
                        null,
                        "tokenizer file not found: '" + tokenizer
                                + "'; pass the tokenizer.json published with the model",
                        null);
            }
        }

        @Override
        public InputStream openTokenizer() throws IOException {
            return java.nio.file.Files.newInputStream(tokenizer);
        }

        @Override
        public byte[] readOnnx(String modelName) {
            try {
                return java.nio.file.Files.readAllBytes(onnx);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read ONNX model file '" + onnx + "'", e);
            }
        }
    }

    /**
     * Two classpath resources carried by a model jar.
     *
     * @param artifact the Maven coordinates of the jar that carries them, for the error message
     */
    record Classpath(String onnx, String tokenizer, String artifact) implements ModelSource {

        @Override
        public String describe() {
            return "classpath resource '" + onnx + "'";
        }

        @Override
        public void check(String modelName) {
            for (String resource : new String[] {onnx, tokenizer}) {
                if (ModelSource.class.getClassLoader().getResource(resource) == null) {
                    throw new ModelNotFoundException(
                            OnnxEmbeddings.PROVIDER,
                            modelName,
                            0,
                            null,
                            "model file '" + resource + "' not found on the classpath; add the Maven dependency "
                                    + artifact + " (it carries the model)",
                            null);
                }
            }
        }

        @Override
        public InputStream openTokenizer() throws IOException {
            return open(tokenizer);
        }

        @Override
        public byte[] readOnnx(String modelName) {
            try (InputStream in = open(onnx)) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read classpath resource '" + onnx + "'", e);
            }
        }

        private InputStream open(String resource) throws IOException {
            InputStream in = ModelSource.class.getClassLoader().getResourceAsStream(resource);
            if (in == null) {
                throw new IOException("classpath resource '" + resource + "' not found");
            }
            return in;
        }
    }
}
