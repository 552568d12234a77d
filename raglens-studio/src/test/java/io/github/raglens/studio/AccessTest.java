package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.Headers;
import java.net.InetAddress;
import java.net.URI;
import org.junit.jupiter.api.Test;

/** Who may use the studio: this machine by its own name, other hosts only with the token, changes only from its pages. */
class AccessTest {

    private static final String TOKEN = "a-token-of-sixteen-chars";
    private static final String SECRET = "page-secret";

    private static Headers headers(String... pairs) {
        Headers h = new Headers();
        for (int i = 0; i < pairs.length; i += 2) {
            h.add(pairs[i], pairs[i + 1]);
        }
        return h;
    }

    private static InetAddress other() throws Exception {
        // TEST-NET-3: an address of another host; nothing is sent to it
        return InetAddress.getByName("203.0.113.5");
    }

    @Test
    void anotherHost_withoutAToken_isRefused() throws Exception {
        Access open = new Access(null, SECRET);

        assertThat(open.refusal(other(), "GET", URI.create("/"), headers("Host", "203.0.113.1:7777")))
                .hasValue("refused: requests from other hosts (203.0.113.5) need a token; start the studio with"
                        + " RAGLENS_STUDIO_TOKEN set to allow them");
    }

    @Test
    void anotherHost_withoutTheToken_isRefused_andWithIt_isServed() throws Exception {
        Access guarded = new Access(TOKEN, SECRET);

        assertThat(guarded.refusal(other(), "GET", URI.create("/"), headers("Authorization", "Bearer wrong")))
                .hasValue("refused: a request from another host (203.0.113.5) must carry the studio's token");
        assertThat(guarded.refusal(other(), "GET", URI.create("/"), headers("Authorization", "Bearer " + TOKEN)))
                .isEmpty();
        assertThat(guarded.refusal(other(), "GET", URI.create("/?token=" + TOKEN), headers()))
                .isEmpty();
        assertThat(guarded.refusal(
                        other(), "GET", URI.create("/"), headers("Cookie", "a=b; " + Access.COOKIE + "=" + TOKEN)))
                .isEmpty();
    }

    @Test
    void thisMachine_isServedByItsOwnNames_only() throws Exception {
        Access open = new Access(null, SECRET);
        InetAddress loopback = InetAddress.getLoopbackAddress();

        assertThat(open.refusal(loopback, "GET", URI.create("/"), headers("Host", "127.0.0.1:7777")))
                .isEmpty();
        assertThat(open.refusal(loopback, "GET", URI.create("/"), headers("Host", "localhost:7777")))
                .isEmpty();
        assertThat(open.refusal(loopback, "GET", URI.create("/"), headers("Host", "[::1]:7777")))
                .isEmpty();
        assertThat(open.refusal(loopback, "GET", URI.create("/"), headers("Host", "rebound.example:7777")))
                .hasValue("refused: Host 'rebound.example:7777' is not this machine");
    }

    @Test
    void aChange_withoutThePagesSecret_isRefused() throws Exception {
        Access open = new Access(null, SECRET);
        InetAddress loopback = InetAddress.getLoopbackAddress();

        assertThat(open.refusal(loopback, "POST", URI.create("/api/labels"), headers("Host", "127.0.0.1:1")))
                .hasValue("refused: a change must come from a studio page (X-Studio-Secret missing or wrong)");
        assertThat(open.refusal(
                        loopback,
                        "POST",
                        URI.create("/api/labels"),
                        headers("Host", "127.0.0.1:1", "X-Studio-Secret", SECRET)))
                .isEmpty();
    }
}
