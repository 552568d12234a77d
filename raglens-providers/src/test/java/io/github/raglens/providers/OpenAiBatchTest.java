package io.github.raglens.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.raglens.error.InvalidRequestException;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderTimeoutException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.usage.UsageLedger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenAiBatchTest {

    static final String KEY = "sk-test-batch-0123456789SECRET";
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    MockWebServer server;
    FakeBatchServer batches;
    final AtomicLong slept = new AtomicLong();

    @BeforeEach
    void start() throws Exception {
        batches = new FakeBatchServer(OpenAiBatchTest::echo);
        server = new MockWebServer();
        server.setDispatcher(batches);
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** The reply to a request: its user message, echoed. */
    static String echo(JsonNode body) {
        return "echo: " + ChatCompletions.user(body);
    }

    OpenAiChat model() {
        return OpenAi.chat("gpt-4o-mini")
                .environment(Environment.of(Map.of()))
                .baseUrl(server.url("/v1").toString())
                .apiKey(KEY)
                .initialBackoff(Duration.ofMillis(1))
                .maxBackoff(Duration.ofMillis(5))
                .build();
    }

    /** A sender whose polls only add up their pauses, as hours would pass. */
    OpenAiBatch.Builder simulated() {
        return OpenAiBatch.builder(dir.resolve("batch"))
                .settle(Duration.ofMillis(150))
                .pollEvery(Duration.ofSeconds(30), Duration.ofMinutes(10))
                .sleeper(d -> slept.addAndGet(d.toSeconds()));
    }

    static ChatRequest ask(String user) {
        return ChatRequest.builder().system("Be brief.").user(user).build();
    }

    /** Sends every request at once, as the judge's cells do; a failure is returned as its exception. */
    static List<Object> chatAll(LlmProvider llm, List<String> users) throws InterruptedException {
        List<Future<ChatOutcome>> futures = new ArrayList<>();
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            for (String u : users) {
                futures.add(ex.submit(() -> llm.chat(ask(u))));
            }
        }
        List<Object> out = new ArrayList<>();
        for (Future<ChatOutcome> f : futures) {
            try {
                out.add(f.get());
            } catch (ExecutionException e) {
                out.add(e.getCause());
            }
        }
        return out;
    }

    static String text(Object outcome) {
        assertThat(outcome).isInstanceOf(ChatOutcome.Completed.class);
        return ((ChatOutcome.Completed) outcome).text();
    }

    String customIdOf(OpenAiChat model, String user) {
        return OpenAiBatch.customId(model.batchServer(), model.body(ask(user)));
    }

    @Test
    void concurrentCalls_goOutAsOneBatchInTheDocumentedFormat_andEachGetsItsOwnReply() throws Exception {
        OpenAiChat model = model();
        UsageLedger ledger = new UsageLedger();
        List<String> users = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            users.add("question " + i);
        }
        users.add("question 3"); // the same request twice is one line
        List<Object> outcomes;
        try (OpenAiBatch batch = simulated().build()) {
            outcomes = chatAll(ledger.meter(batch.chat(model), "judge"), users);
            assertThat(batch.stats().batches()).isEqualTo(1);
            assertThat(batch.stats().requests()).isEqualTo(20);
            assertThat(batch.stats().polls()).isEqualTo(3);
            assertThat(batch.stats().waited()).isEqualTo(Duration.ofSeconds(30 + 60 + 120));
        }
        for (int i = 0; i < users.size(); i++) {
            assertThat(text(outcomes.get(i))).isEqualTo("echo: " + users.get(i));
        }
        assertThat(batches.created()).hasSize(1);
        FakeBatchServer.Batch b = batches.created().get(0);
        assertThat(b.lines()).hasSize(20);
        // The calls race to the batch, so its lines come in any order: find the first question's by its id.
        String firstId = customIdOf(model, users.get(0));
        JsonNode first = b.lines().stream()
                .filter(line -> line.path("custom_id").asText().equals(firstId))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line with custom_id " + firstId + " in " + b.lines()));
        assertThat(first.path("method").asText()).isEqualTo("POST");
        assertThat(first.path("url").asText()).isEqualTo("/v1/chat/completions");
        assertThat(first.path("body")).isEqualTo(model.body(ask(users.get(0))));
        assertThat(batches.uploadForms().get(0))
                .contains("Content-Disposition: form-data; name=\"purpose\"\r\n")
                .contains("Content-Disposition: form-data; name=\"file\"; filename=\"raglens-batch.jsonl\"");
        assertThat(JSON.readTree(batches.createBodies().get(0)))
                .isEqualTo(JSON.readTree("{\"input_file_id\":\"file-in1\",\"endpoint\":\"/v1/chat/completions\","
                        + "\"completion_window\":\"24h\"}"));
        assertThat(batches.authorizations()).containsOnly("Bearer " + KEY);
        // 21 replies with the usage the server reports, at the batch's own ledger name (priced at half)
        long prompt = 0;
        long completion = 0;
        for (String u : users) {
            prompt += model.body(ask(u)).path("messages").toString().length() / 4;
            completion += ("echo: " + u).length() / 4;
        }
        TokenUsage expected = new TokenUsage(prompt, completion);
        assertThat(ledger.lines()).singleElement().satisfies(line -> {
            assertThat(line.model()).isEqualTo("openai/gpt-4o-mini (batch)");
            assertThat(line.calls()).isEqualTo(21);
            assertThat(line.usage()).isEqualTo(expected);
        });
        Path folder = dir.resolve("batch");
        assertThat(Files.readString(folder.resolve("batches.jsonl"))).contains("\"batchId\":\"batch_2\"");
        assertThat(folder.resolve("batch_2-input.jsonl")).exists();
        assertThat(folder.resolve("batch_2-output.jsonl")).exists();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.toList()) {
                assertThat(Files.readString(f)).as(f.toString()).doesNotContain(KEY);
            }
        }
    }

    @Test
    void linesInTheErrorFile_serverErrorsGoInTheNextBatch_invalidOnesFailWithTheReason() throws Exception {
        batches.fault("flaky", FakeBatchServer.Fault.SERVER_ERROR).fault("bad", FakeBatchServer.Fault.INVALID);
        OpenAiChat model = model();
        List<Object> outcomes;
        OpenAiBatch.Stats stats;
        try (OpenAiBatch batch = simulated().build()) {
            outcomes = chatAll(batch.chat(model), List.of("good", "flaky", "bad"));
            stats = batch.stats();
        }
        assertThat(text(outcomes.get(0))).isEqualTo("echo: good");
        assertThat(text(outcomes.get(1))).isEqualTo("echo: flaky");
        assertThat((Throwable) outcomes.get(2))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("openai/gpt-4o-mini: request " + customIdOf(model, "bad")
                        + " in batch batch_2 failed: HTTP 400 invalid_request_error: Invalid value for 'temperature'");
        assertThat(batches.created()).hasSize(2);
        assertThat(batches.created().get(1).lines())
                .singleElement()
                .satisfies(l -> assertThat(l.path("custom_id").asText()).isEqualTo(customIdOf(model, "flaky")));
        assertThat(stats.retried()).isEqualTo(1);
        assertThat(stats.failed()).isEqualTo(1);
    }

    @Test
    void expiredBatch_sendsTheRequestsItDidNotRunAgain_inTheNextBatch() throws Exception {
        batches.fault("late", FakeBatchServer.Fault.EXPIRE);
        List<Object> outcomes;
        try (OpenAiBatch batch = simulated().build()) {
            outcomes = chatAll(batch.chat(model()), List.of("early", "late"));
            assertThat(batch.stats().batches()).isEqualTo(2);
            assertThat(batch.stats().retried()).isEqualTo(1);
        }
        assertThat(text(outcomes.get(0))).isEqualTo("echo: early");
        assertThat(text(outcomes.get(1))).isEqualTo("echo: late");
        assertThat(batches.created().get(1).lines()).hasSize(1);
    }

    @Test
    void expiredBatch_withNoAttemptLeft_failsTheRequestAsATimeoutWithTheReason() throws Exception {
        batches.fault("late", FakeBatchServer.Fault.EXPIRE);
        OpenAiChat model = model();
        List<Object> outcomes;
        try (OpenAiBatch batch = simulated().maxAttempts(1).build()) {
            outcomes = chatAll(batch.chat(model), List.of("early", "late"));
        }
        assertThat(text(outcomes.get(0))).isEqualTo("echo: early");
        assertThat((Throwable) outcomes.get(1))
                .isInstanceOf(ProviderTimeoutException.class)
                .hasMessage("openai/gpt-4o-mini: request " + customIdOf(model, "late")
                        + " in batch batch_2 failed: batch_expired: This request could not be executed before the"
                        + " completion window expired.; rerun to send it again");
    }

    @Test
    void failedBatch_failsEveryRequestWithTheBatchErrors() throws Exception {
        batches.failNextBatch("The model 'gpt-x' does not exist");
        OpenAiChat model = model();
        List<Object> outcomes;
        try (OpenAiBatch batch = simulated().build()) {
            outcomes = chatAll(batch.chat(model), List.of("one"));
        }
        assertThat((Throwable) outcomes.get(0))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage("openai/gpt-4o-mini: request " + customIdOf(model, "one")
                        + " in batch batch_2 failed with its batch: invalid_request: The model 'gpt-x' does not"
                        + " exist (line 1)");
    }

    @Test
    void restartWhileABatchIsPending_pollsThatBatch_insteadOfSendingItsRequestsAgain() throws Exception {
        batches.pollsToEnd(1_000_000);
        OpenAiChat model = model();
        List<String> users = List.of("alpha", "beta");
        // the first process is stopped while its batch is still in progress
        OpenAiBatch first = OpenAiBatch.builder(dir.resolve("batch"))
                .settle(Duration.ofMillis(100))
                .pollEvery(Duration.ofMillis(2), Duration.ofMillis(5))
                .build();
        List<Future<ChatOutcome>> waiting = new ArrayList<>();
        ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor();
        for (String u : users) {
            waiting.add(ex.submit(() -> first.chat(model).chat(ask(u))));
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (batches.created().isEmpty() || batches.polls("batch_2") < 2) {
            assertThat(System.nanoTime()).as("the batch is sent and polled").isLessThan(deadline);
            Thread.sleep(10);
        }
        first.close();
        for (Future<ChatOutcome> f : waiting) {
            assertThatThrownBy(f::get).hasCauseInstanceOf(CancellationException.class);
        }
        ex.close();
        assertThat(Files.readString(dir.resolve("batch/batches.jsonl"))).contains("\"status\":\"pending\"");

        // the rerun asks the same requests: it finds them in the checkpoint and polls batch_2
        batches.pollsToEnd(1);
        batches.endAll();
        List<Object> outcomes;
        try (OpenAiBatch second = simulated().build()) {
            outcomes = chatAll(second.chat(model), users);
            assertThat(second.stats().batches()).isZero();
        }
        assertThat(text(outcomes.get(0))).isEqualTo("echo: alpha");
        assertThat(text(outcomes.get(1))).isEqualTo("echo: beta");
        assertThat(batches.uploadForms()).hasSize(1);
        assertThat(batches.created()).hasSize(1);
        assertThat(Files.readString(dir.resolve("batch/batches.jsonl"))).contains("\"status\":\"ended\"");
    }

    /** A first process that sends a batch of the users' requests and is stopped while it is pending. */
    private void sendAndStopWhilePending(OpenAiChat model, List<String> users) throws Exception {
        batches.pollsToEnd(1_000_000);
        OpenAiBatch first = OpenAiBatch.builder(dir.resolve("batch"))
                .settle(Duration.ofMillis(100))
                .pollEvery(Duration.ofMillis(2), Duration.ofMillis(5))
                .build();
        List<Future<ChatOutcome>> waiting = new ArrayList<>();
        ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor();
        for (String u : users) {
            waiting.add(ex.submit(() -> first.chat(model).chat(ask(u))));
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (batches.created().isEmpty() || batches.polls("batch_2") < 2) {
            assertThat(System.nanoTime()).as("the batch is sent and polled").isLessThan(deadline);
            Thread.sleep(10);
        }
        first.close();
        for (Future<ChatOutcome> f : waiting) {
            assertThatThrownBy(f::get).hasCauseInstanceOf(CancellationException.class);
        }
        ex.close();
        batches.pollsToEnd(1);
        batches.endAll();
    }

    private String checkpoint() throws Exception {
        return Files.readString(dir.resolve("batch/batches.jsonl"));
    }

    @Test
    void aPendingBatchTheServerNoLongerKnows_isGivenUp_andItsRequestsGoInANewBatch() throws Exception {
        OpenAiChat model = model();
        List<String> users = List.of("alpha", "beta");
        sendAndStopWhilePending(model, users);
        batches.forget("batch_2");

        List<Object> outcomes;
        try (OpenAiBatch second = simulated().build()) {
            outcomes = chatAll(second.chat(model), users);
            assertThat(second.stats().batches()).isEqualTo(1);
        }
        assertThat(text(outcomes.get(0))).isEqualTo("echo: alpha");
        assertThat(text(outcomes.get(1))).isEqualTo("echo: beta");
        assertThat(batches.created()).hasSize(2);
        assertThat(checkpoint())
                .contains("{\"batchId\":\"batch_2\"")
                .contains("\"status\":\"lost\",\"reason\":\"")
                .contains("No batch found with id 'batch_2'.");
        try (OpenAiBatch third = simulated().build()) {
            assertThat(third.stats().batches()).isZero();
        }
        assertThat(batches.polls("batch_2"))
                .as("a lost batch is not polled again")
                .isEqualTo(2);
    }

    @Test
    void aBatchWhosePollsKeepFailing_failsItsRequestsWithTheReason_andStaysCheckpointedForTheRerun() throws Exception {
        OpenAiChat model = model();
        List<String> users = List.of("alpha");
        sendAndStopWhilePending(model, users);
        batches.failPolls(1_000);

        List<Object> outcomes;
        try (OpenAiBatch second = simulated().build()) {
            outcomes = chatAll(second.chat(model), users);
        }
        assertThat(outcomes.getFirst())
                .isInstanceOf(ProviderException.class)
                .extracting(o -> ((ProviderException) o).getMessage())
                .asString()
                .startsWith("openai/gpt-4o-mini: batch batch_2 could not be polled " + OpenAiBatch.MAX_FAILED_POLLS
                        + " times in a row (last: ")
                .endsWith("); it stays checkpointed: rerun to wait for it again");
        assertThat(checkpoint()).doesNotContain("\"status\":\"ended\"").doesNotContain("lost");

        batches.failPolls(0);
        try (OpenAiBatch third = simulated().build()) {
            outcomes = chatAll(third.chat(model), users);
            assertThat(third.stats().batches()).isZero();
        }
        assertThat(text(outcomes.getFirst())).isEqualTo("echo: alpha");
    }
}
