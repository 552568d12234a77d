package io.github.raglens.providers;

import io.github.raglens.spi.RagSystem;
import io.github.raglens.testkit.RagSystemContract;
import java.util.List;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The HTTP system keeps the RAG system contract against a service answering in the documented shape. */
class HttpRagSystemContractTest implements RagSystemContract {

    MockWebServer server;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return Fixtures.json(
                        200,
                        "{\"answer\":\"Below 0.8 m/s.\",\"contexts\":[{\"text\":\"The turbines stop below 0.8 m/s.\","
                                + "\"id\":\"c1\",\"score\":0.9,\"source\":\"tidal.pdf\",\"page\":2},"
                                + "{\"text\":\"Maintenance is in spring.\"}]}");
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Override
    public RagSystem system() {
        return HttpRagSystem.builder("my-app", server.url("/ask").toString()).build();
    }

    @Override
    public List<String> questions() {
        return List.of("Below what current speed do the turbines stop?", "When is maintenance?");
    }
}
