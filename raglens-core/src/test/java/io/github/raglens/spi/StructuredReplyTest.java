package io.github.raglens.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.raglens.internal.JsonSchemaValidator;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import java.util.List;
import org.junit.jupiter.api.Test;

class StructuredReplyTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String SCHEMA = "{\"type\":\"object\",\"properties\":{"
            + "\"verdicts\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{"
            + "\"statement\":{\"type\":\"string\"},\"verdict\":{\"type\":\"integer\",\"enum\":[0,1]}},"
            + "\"required\":[\"statement\",\"verdict\"],\"additionalProperties\":false}},"
            + "\"score\":{\"type\":\"number\"},\"ok\":{\"type\":\"boolean\"}},\"required\":[\"verdicts\"]}";

    static ChatOutcome outcome(String text) {
        ChatRequest r = ChatRequest.builder()
                .user("x")
                .schema(new ResponseSchema("v", SCHEMA))
                .build();
        return StructuredReply.outcome(r, text, null, false, false, TokenUsage.NONE);
    }

    static List<String> errors(String value) throws Exception {
        return JsonSchemaValidator.validate(JSON.readTree(SCHEMA), JSON.readTree(value));
    }

    @Test
    void valid_isCompleted_withTheJsonText() {
        String text = "{\"verdicts\":[{\"statement\":\"a\",\"verdict\":1}],\"score\":0.5,\"ok\":true}";
        assertThat(outcome(text)).isEqualTo(new ChatOutcome.Completed(text, TokenUsage.NONE));
    }

    @Test
    void fencedJson_isUnfenced() {
        assertThat(outcome("```json\n{\"verdicts\":[]}\n```"))
                .isEqualTo(new ChatOutcome.Completed("{\"verdicts\":[]}", TokenUsage.NONE));
    }

    @Test
    void truncatedJson_isInvalid_neverClosed() {
        assertThat(outcome("{\"verdicts\": [1, 0"))
                .isInstanceOfSatisfying(
                        ChatOutcome.Failed.class,
                        f -> assertThat(f.reason()).isEqualTo(ChatOutcome.Reason.INVALID_JSON));
    }

    @Test
    void proseAroundJson_isInvalid() {
        assertThat(outcome("Here you go: {\"verdicts\":[]}"))
                .isInstanceOfSatisfying(
                        ChatOutcome.Failed.class,
                        f -> assertThat(f.reason()).isEqualTo(ChatOutcome.Reason.INVALID_JSON));
        assertThat(outcome("{\"verdicts\":[]} trailing"))
                .isInstanceOfSatisfying(
                        ChatOutcome.Failed.class,
                        f -> assertThat(f.reason()).isEqualTo(ChatOutcome.Reason.INVALID_JSON));
    }

    @Test
    void emptyReply_isInvalid() {
        assertThat(outcome(""))
                .isInstanceOfSatisfying(
                        ChatOutcome.Failed.class,
                        f -> assertThat(f.reason()).isEqualTo(ChatOutcome.Reason.INVALID_JSON));
        assertThat(outcome(null))
                .isInstanceOfSatisfying(
                        ChatOutcome.Failed.class,
                        f -> assertThat(f.reason()).isEqualTo(ChatOutcome.Reason.INVALID_JSON));
    }

    @Test
    void duplicateKeys_areInvalid() {
        assertThat(outcome("{\"verdicts\":[],\"verdicts\":[]}"))
                .isInstanceOfSatisfying(
                        ChatOutcome.Failed.class,
                        f -> assertThat(f.reason()).isEqualTo(ChatOutcome.Reason.INVALID_JSON));
    }

    @Test
    void validator_reportsPaths() throws Exception {
        assertThat(
                        errors(
                                "{\"verdicts\":[{\"statement\":\"a\",\"verdict\":2,\"why\":\"x\"}],\"score\":\"high\",\"ok\":1}"))
                .containsExactly(
                        "$.verdicts[0].verdict: number 2 is not one of [0,1]",
                        "$.verdicts[0]: unexpected property 'why'",
                        "$.score: expected number, was string \"high\"",
                        "$.ok: expected boolean, was number 1");
        assertThat(errors("[]")).containsExactly("$: expected object, was an array");
        assertThat(errors("{\"verdicts\":[{\"statement\":null,\"verdict\":1.0}]}"))
                .containsExactly("$.verdicts[0].statement: expected string, was null");
        assertThat(errors("{\"verdicts\":[{\"statement\":\"s\",\"verdict\":1.5}]}"))
                .containsExactly("$.verdicts[0].verdict: expected integer, was number 1.5");
    }

    @Test
    void plainText_withoutSchema_isCompletedAsIs() {
        ChatRequest r = ChatRequest.builder().user("x").build();
        assertThat(StructuredReply.outcome(r, "  hi ", null, false, false, TokenUsage.NONE))
                .isEqualTo(new ChatOutcome.Completed("  hi ", TokenUsage.NONE));
        assertThat(StructuredReply.outcome(r, "hi", null, true, false, TokenUsage.NONE))
                .isInstanceOf(ChatOutcome.Failed.class);
    }

    @Test
    void schemaThatIsNotJson_isAProgrammerError() {
        assertThatThrownBy(() -> StrictJson.schemaTree(new ResponseSchema("bad", "{type:")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("schema 'bad' is not valid JSON: ");
    }
}
