package io.github.raglens.cli;

import io.github.raglens.onnx.OnnxEmbeddings;
import java.util.Locale;
import picocli.CommandLine;

/** The local embedding models the commands can name. */
final class EmbeddingModels {

    static final String DEFAULT = "bge-small-en-v1.5";

    private EmbeddingModels() {}

    /**
     * Opens a local ONNX model by its name.
     *
     * @throws CommandLine.ParameterException (a usage error) for an unknown name
     */
    static OnnxEmbeddings onnx(String name, CommandLine cmd) {
        check(name, cmd);
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "bge-small-en-v1.5", "bge-small-en-v1.5-q" -> OnnxEmbeddings.bgeSmallEnV15();
            case "all-minilm-l6-v2", "all-minilm-l6-v2-q" -> OnnxEmbeddings.allMiniLmL6V2();
            default -> throw new IllegalStateException(name);
        };
    }

    /**
     * Checks a local model's name without loading it.
     *
     * @throws CommandLine.ParameterException (a usage error) for an unknown name
     */
    static void check(String name, CommandLine cmd) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "bge-small-en-v1.5", "bge-small-en-v1.5-q", "all-minilm-l6-v2", "all-minilm-l6-v2-q" -> {}
            default ->
                throw new CommandLine.ParameterException(
                        cmd,
                        "unknown embedding model '" + name
                                + "'; local models are bge-small-en-v1.5 (default) and all-MiniLM-L6-v2");
        }
    }
}
