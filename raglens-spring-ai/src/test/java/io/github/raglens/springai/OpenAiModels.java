package io.github.raglens.springai;

import mockwebserver3.MockWebServer;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.api.OpenAiApi;
import org.springframework.retry.support.RetryTemplate;

/** Spring AI's OpenAI chat model pointed at a MockWebServer, without retries. */
final class OpenAiModels {

    private OpenAiModels() {}

    static OpenAiChatModel chatModel(MockWebServer server, String key) {
        String base = server.url("/").toString();
        return OpenAiChatModel.builder()
                .openAiApi(OpenAiApi.builder()
                        .baseUrl(base.substring(0, base.length() - 1))
                        .apiKey(key)
                        .build())
                .defaultOptions(OpenAiChatOptions.builder().model("gpt-4o-mini").build())
                .retryTemplate(RetryTemplate.builder().maxAttempts(1).build())
                .build();
    }
}
