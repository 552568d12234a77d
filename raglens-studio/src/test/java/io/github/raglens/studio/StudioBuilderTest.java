package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StudioBuilderTest {

    @Test
    void anOptionSetTwice_isRefused_andATokenIsNotShown(@TempDir Path dir) {
        assertThatThrownBy(() -> Studio.builder(dir).port(8080).port(9090))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("port was already set to 8080; set it once");
        assertThatThrownBy(() -> Studio.builder(dir).token("first-secret-token").token("a-second-secret-token"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("token was already set to (hidden); set it once");
    }
}
