package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StudioCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void aPortInUse_failsWithOneLineNamingIt() throws Exception {
        try (ServerSocket other = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = other.getLocalPort();

            assertThat(run("--workspace", dir.toString(), "studio", "--port", String.valueOf(port)))
                    .isEqualTo(1);
            assertThat(err.toString())
                    .isEqualTo("raglens: port " + port
                            + " on 127.0.0.1 is in use; choose another with --port N (0 picks a free one)\n");
        }
    }

    @Test
    void aPortOutOfRange_isAUsageError() {
        assertThat(run("--workspace", dir.toString(), "studio", "--port", "70000"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--port must be in 0-65535, was 70000");
    }
}
