package io.github.raglens.eval.judge;

import io.github.raglens.internal.PromptVersion;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The judge's prompts, their reply schemas and versions. A version is a readable name and a hash of
 * everything the prompt sends but its inputs (system and user text, schema, temperature, output
 * cap), e.g. {@code statements@3f2a9c1d}: the version is part of every call key and of the metrics'
 * versions, so an edited prompt never reuses calls and scores made with the old one.
 */
public final class Prompts {

    static final int QUESTIONS_PER_ANSWER = 3;

    private static final String SYSTEM = "You are a careful, literal fact-checking assistant. You reply with JSON only,"
            + " matching the schema you are given, and you never add facts of your own.";

    static final ResponseSchema STATEMENTS_SCHEMA = new ResponseSchema("statements", """
            {"type":"object","additionalProperties":false,"required":["statements"],
             "properties":{"statements":{"type":"array","items":{"type":"string"}}}}""");

    /**
     * The verdicts schema for exactly {@code count} items: {@code minItems} and {@code maxItems} let a
     * provider that constrains decoding by the schema (Ollama's {@code format}, OpenAI strict mode)
     * produce the right number of verdicts, instead of only checking it afterwards.
     */
    static ResponseSchema verdictsSchema(int count) {
        return new ResponseSchema("verdicts", """
                {"type":"object","additionalProperties":false,"required":["verdicts"],
                 "properties":{"verdicts":{"type":"array","minItems":%d,"maxItems":%d,
                   "items":{"type":"object","additionalProperties":false,
                   "required":["index","reason","verdict"],
                   "properties":{"index":{"type":"integer"},"reason":{"type":"string"},
                     "verdict":{"type":"integer","enum":[0,1]}}}}}}""".formatted(count, count));
    }

    static final ResponseSchema USEFULNESS_SCHEMA = new ResponseSchema("usefulness", """
            {"type":"object","additionalProperties":false,"required":["reason","verdict"],
             "properties":{"reason":{"type":"string"},"verdict":{"type":"integer","enum":[0,1]}}}""");

    static final ResponseSchema QUESTIONS_SCHEMA = new ResponseSchema("questions", """
            {"type":"object","additionalProperties":false,"required":["questions"],
             "properties":{"questions":{"type":"array","items":{"type":"object","additionalProperties":false,
               "required":["question","noncommittal"],
               "properties":{"question":{"type":"string"},"noncommittal":{"type":"integer","enum":[0,1]}}}}}}""");

    static final ResponseSchema NUGGETS_SCHEMA = new ResponseSchema("nuggets", """
            {"type":"object","additionalProperties":false,"required":["nuggets"],
             "properties":{"nuggets":{"type":"array","maxItems":%d,"items":{"type":"object",
               "additionalProperties":false,"required":["text","importance"],
               "properties":{"text":{"type":"string"},"importance":{"type":"string","enum":["vital","okay"]}}}}}}""".formatted(QuestionNuggets.MAX));

    static final ResponseSchema GRADE_SCHEMA = new ResponseSchema("grade", """
            {"type":"object","additionalProperties":false,"required":["reason","grade"],
             "properties":{"reason":{"type":"string"},"grade":{"type":"integer","enum":[0,1,2,3]}}}""");

    /** The nugget labels schema for exactly {@code count} nuggets. */
    static ResponseSchema nuggetSupportSchema(int count) {
        return new ResponseSchema("nugget_support", """
                {"type":"object","additionalProperties":false,"required":["labels"],
                 "properties":{"labels":{"type":"array","minItems":%d,"maxItems":%d,
                   "items":{"type":"object","additionalProperties":false,
                   "required":["index","reason","label"],
                   "properties":{"index":{"type":"integer"},"reason":{"type":"string"},
                     "label":{"type":"string","enum":["support","partial_support","not_support"]}}}}}}""".formatted(count, count));
    }

    /** Splitting a text into standalone statements. */
    static final String STATEMENTS_VERSION = PromptVersion.of("statements", statements("{question}", "{text}"));
    /**
     * Splitting a text into claims without the question, as RAGAS's factual correctness does; used
     * only in the RAGAS-compatible mode ({@link Metrics#ragasCompatible}).
     */
    static final String CLAIMS_VERSION = PromptVersion.of("claims", claims("{text}"));
    /** Verdicts of numbered statements against a premise. */
    static final String SUPPORT_VERSION =
            PromptVersion.of("support", support(List.of("{statement 1}", "{statement 2}"), "PREMISE", "{premise}"));
    /** Usefulness of one context (or all contexts at once) for reaching the reference answer. */
    static final String USEFULNESS_VERSION = PromptVersion.of(
            "usefulness",
            usefulness("{question}", "{reference}", "{context}"),
            usefulnessAll("{question}", "{reference}", List.of("{context 1}", "{context 2}")));
    /** Questions generated back from an answer. */
    static final String QUESTIONS_VERSION = PromptVersion.of("questions", questions("{answer}"));

    /** The nuggets of a question, from its reference answer and source passages. */
    static final String NUGGETS_VERSION =
            PromptVersion.of("nuggets", nuggets("{question}", "{reference}", List.of("{source 1}", "{source 2}")));
    /** Labels of numbered nuggets against one answer. */
    static final String NUGGET_SUPPORT_VERSION = PromptVersion.of(
            "nugget-support", nuggetSupport("{question}", "{answer}", List.of("{nugget 1}", "{nugget 2}")));

    /** A passage's 0–3 grade for a question, for judged relevance. */
    static final String GRADE_VERSION = PromptVersion.of("grade", grade("{question}", "{passage}"));

    private Prompts() {}

    static ChatRequest statements(String question, String text) {
        String user = """
                Break the TEXT into a list of short factual statements.
                - Each statement must stand on its own: write out names instead of pronouns or phrases \
                such as "it", "they", "this method".
                - Together the statements must cover every factual claim in the TEXT; do not add, \
                guess or generalise.
                - Questions, greetings, hedges and admissions of not knowing are not statements. A TEXT \
                that claims nothing gives an empty list.
                The QUESTION is only there to help you resolve references.

                QUESTION:
                %s

                TEXT:
                %s

                Reply as {"statements": ["...", "..."]}.""".formatted(question, text);
        return request(user, STATEMENTS_SCHEMA, 2_048);
    }

    static ChatRequest claims(String text) {
        String user = """
                Decompose the TEXT into the claims it makes, one claim per item.
                - Each claim must be understandable without the others: write out names instead of \
                pronouns.
                - Keep every claim the TEXT makes and add none of your own.
                - A TEXT that claims nothing gives an empty list.

                TEXT:
                %s

                Reply as {"statements": ["...", "..."]}.""".formatted(text);
        return request(user, STATEMENTS_SCHEMA, 2_048);
    }

    static ChatRequest support(List<String> statements, String premiseLabel, String premise) {
        String user = """
                For every numbered STATEMENT decide whether the %s below supports it: verdict 1 when the \
                statement follows directly from the %s alone, verdict 0 when it contradicts it, goes \
                beyond it or cannot be checked against it. Judge each statement on its own and give a \
                one-sentence reason first.

                %s:
                %s

                STATEMENTS:
                %s
                Reply as {"verdicts": [{"index": 1, "reason": "...", "verdict": 1}, ...]} with exactly one \
                entry per statement, in order.""".formatted(
                        premiseLabel,
                        premiseLabel,
                        premiseLabel.toUpperCase(java.util.Locale.ROOT),
                        premise,
                        numbered(statements));
        return request(user, verdictsSchema(statements.size()), 256 + 96 * statements.size());
    }

    static ChatRequest usefulness(String question, String reference, String context) {
        String user = """
                A reader wants to answer the QUESTION and the correct answer is the REFERENCE ANSWER. \
                Was the CONTEXT useful for arriving at that answer, i.e. does it hold information that \
                the reference answer relies on? Give a one-sentence reason, then verdict 1 (useful) or \
                0 (not useful).

                QUESTION:
                %s

                REFERENCE ANSWER:
                %s

                CONTEXT:
                %s

                Reply as {"reason": "...", "verdict": 1}.""".formatted(question, reference, context);
        return request(user, USEFULNESS_SCHEMA, 256);
    }

    static ChatRequest usefulnessAll(String question, String reference, List<String> contexts) {
        String user = """
                A reader wants to answer the QUESTION and the correct answer is the REFERENCE ANSWER. \
                For every numbered CONTEXT decide, independently of the others, whether it was useful \
                for arriving at that answer, i.e. whether it holds information that the reference \
                answer relies on. Give a one-sentence reason, then verdict 1 (useful) or 0 (not useful).

                QUESTION:
                %s

                REFERENCE ANSWER:
                %s

                CONTEXTS:
                %s
                Reply as {"verdicts": [{"index": 1, "reason": "...", "verdict": 1}, ...]} with exactly one \
                entry per context, in order.""".formatted(question, reference, numbered(contexts));
        return request(user, verdictsSchema(contexts.size()), 256 + 96 * contexts.size());
    }

    static ChatRequest questions(String answer) {
        String user = """
                Read the ANSWER and write %d different questions that it answers, each as a user would \
                ask it. For each question also say whether the answer is noncommittal: 1 when it is \
                evasive, vague or says it does not know, otherwise 0.

                ANSWER:
                %s

                Reply as {"questions": [{"question": "...", "noncommittal": 0}, ...]}.""".formatted(QUESTIONS_PER_ANSWER, answer);
        return request(user, QUESTIONS_SCHEMA, 512);
    }

    static ChatRequest nuggets(String question, String reference, List<String> sources) {
        String user = """
                List the nuggets of the QUESTION: the separate facts a complete answer to it contains,                 taken from the REFERENCE ANSWER and the SOURCE PASSAGES below.
                - One fact per nugget, in a few words or one short sentence that makes sense alone                 (names, not pronouns).
                - Only facts that answer the QUESTION or that an answer needs to be right; no background                 the question does not ask about, and nothing that is in neither text.
                - Mark a nugget "vital" when an answer lacking it would be incomplete or wrong, else                 "okay".
                - At most %d nuggets, the most important first.

                QUESTION:
                %s

                REFERENCE ANSWER:
                %s

                SOURCE PASSAGES:
                %s
                Reply as {"nuggets": [{"text": "...", "importance": "vital"}, ...]}.""".formatted(
                        QuestionNuggets.MAX, question, reference.isBlank() ? "(none)" : reference, numbered(sources));
        return request(user, NUGGETS_SCHEMA, 128 + 48 * QuestionNuggets.MAX);
    }

    static ChatRequest nuggetSupport(String question, String answer, List<String> nuggets) {
        String user = """
                Someone answered the QUESTION with the ANSWER below. For every numbered NUGGET (a fact a                 good answer holds) label how the ANSWER states it: "support" when the answer states the                 fact in full, "partial_support" when it states only part of it or states it vaguely,                 "not_support" when it leaves it out or contradicts it. Judge from the ANSWER alone, not                 from what you know, and each nugget on its own; give a one-sentence reason first.

                QUESTION:
                %s

                ANSWER:
                %s

                NUGGETS:
                %s
                Reply as {"labels": [{"index": 1, "reason": "...", "label": "support"}, ...]} with exactly                 one entry per nugget, in order.""".formatted(question, answer, numbered(nuggets));
        return request(user, nuggetSupportSchema(nuggets.size()), 256 + 96 * nuggets.size());
    }

    static ChatRequest grade(String question, String passage) {
        String user = """
                Someone searching a document collection asked the QUESTION and got the PASSAGE back. \
                Grade how well the PASSAGE by itself answers the QUESTION:
                3 - it answers the question: a reader needs nothing else;
                2 - it answers part of the question, or answers it with something missing or unclear;
                1 - it is about what the question asks about, but does not answer it;
                0 - it has nothing to do with the question.
                Judge only what the PASSAGE says, not what you know. Give a one-sentence reason first.

                QUESTION:
                %s

                PASSAGE:
                %s

                Reply as {"reason": "...", "grade": 3}.""".formatted(question, passage);
        return request(user, GRADE_SCHEMA, 192);
    }

    /** Items written as {@code [1] text}, one per line, for prompts and for fakes to count. */
    public static String numbered(List<String> items) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            sb.append('[')
                    .append(i + 1)
                    .append("] ")
                    .append(items.get(i).replace('\n', ' '))
                    .append('\n');
        }
        return sb.toString();
    }

    private static ChatRequest request(String user, ResponseSchema schema, int maxTokens) {
        return ChatRequest.builder()
                .system(SYSTEM)
                .user(user)
                .schema(schema)
                .temperature(0)
                .maxOutputTokens(maxTokens)
                .build();
    }

    /** A call key: the prompt version, the judge model and a SHA-256 of the inputs. */
    static String key(String promptVersion, String model, String... inputs) {
        return promptVersion + "|" + model + "|" + digest(inputs);
    }

    /**
     * 32 hex digits of a SHA-256 over the inputs, each prefixed by its length in bytes, so that two
     * different lists of inputs never share a digest by where one input ends and the next begins.
     */
    static String digest(String... inputs) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String in : inputs) {
                byte[] b = in.getBytes(StandardCharsets.UTF_8);
                sha.update(Integer.toString(b.length).getBytes(StandardCharsets.US_ASCII));
                sha.update((byte) ':');
                sha.update(b);
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
