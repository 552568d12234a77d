package io.github.raglens.langchain4j;

import dev.langchain4j.service.Result;
import io.github.raglens.error.RagLensException;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.spi.AdapterArguments;
import io.github.raglens.spi.RagSystem;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A LangChain4j RAG pipeline as a raglens system: the answer is the {@link Result}'s content and
 * the contexts are its {@link Result#sources()}, the contents the retrieval augmentor actually put
 * into the prompt, in its order; nothing is retrieved a second time.
 */
final class AiServiceRagSystem implements RagSystem {

    private final String name;
    private final String version;
    private final Function<String, Result<String>> pipeline;

    /** A system of this name and version (checked; null when it declares none). */
    AiServiceRagSystem(String name, String version, Function<String, Result<String>> pipeline) {
        this.name = AdapterArguments.name(name);
        this.version = version;
        this.pipeline = Objects.requireNonNull(pipeline, "pipeline");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Optional<String> version() {
        return Optional.ofNullable(version);
    }

    @Override
    public RagAnswer answer(String question) {
        Result<String> result;
        try {
            result = pipeline.apply(question);
        } catch (RuntimeException e) {
            throw new RagLensException(
                    "the LangChain4j system '" + name + "' failed to answer: "
                            + e.getClass().getSimpleName(),
                    e);
        }
        if (result == null || result.content() == null) {
            throw new RagLensException("the LangChain4j system '" + name + "' returned no answer; its AI service"
                    + " method must return Result<String> with the answer as content");
        }
        List<dev.langchain4j.rag.content.Content> sources = result.sources() == null ? List.of() : result.sources();
        return new RagAnswer(result.content(), Contents.toContexts(sources));
    }

    @Override
    public String toString() {
        return "LangChain4j RAG system '" + name + "'";
    }
}
