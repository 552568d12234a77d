package io.github.raglens.examples;

import io.github.raglens.RagLens;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.providers.Environment;
import io.github.raglens.providers.Groq;
import io.github.raglens.providers.Ollama;
import io.github.raglens.providers.OpenAi;
import io.github.raglens.result.QuestionGenerationResult;
import io.github.raglens.spi.LlmProvider;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * The LLM stages on Ollama (default), Groq or any OpenAI-compatible server: {@code openai MODEL} reads
 * {@code OPENAI_API_KEY} and {@code OPENAI_BASE_URL} from the environment or {@code .env}.
 */
public final class LlmStages {

    private LlmStages() {}

    /** Arguments: {@code DOCS [ollama|openai|groq] [MODEL]}; the key is read from the environment or {@code .env}. */
    public static void main(String[] args) {
        Path docs = Path.of(args.length > 0 ? args[0] : "my_pdfs");
        ProviderKind provider = ProviderKind.parse(args.length > 1 ? args[1] : "ollama");
        String model = args.length > 2 ? args[2] : provider.defaultChatModel();
        Environment env = Environment.standard(Path.of("")); // the process environment, then .env
        Supplier<LlmProvider> llm = () -> switch (provider) {
            case OPENAI -> OpenAi.chat(model).environment(env).build();
            case GROQ -> Groq.chat(model).environment(env).build();
            default -> Ollama.chat(model).environment(env).build();
        };

        RagLens lens = RagLens.builder().llm(llm).concurrency(4).build();
        lens.ingest(docs);
        lens.index();
        QuestionGenerationResult run = lens.questions(
                50, (stage, done, total, status) -> System.out.printf("\r%s %d/%d %s", stage, done, total, status));
        System.out.println();
        System.out.println(run.succeeded() + " questions written, " + run.failed() + " failed");
        lens.benchmark();
        System.out.println("report: " + lens.report());
    }
}
