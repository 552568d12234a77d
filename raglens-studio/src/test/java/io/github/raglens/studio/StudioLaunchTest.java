package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.RagLens;
import io.github.raglens.spi.StudioServer;
import java.net.HttpURLConnection;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The studio as a program without a dependency on it starts it: through the facade, which finds it by ServiceLoader. */
class StudioLaunchTest {

    @TempDir
    Path dir;

    @Test
    void theFacade_findsTheStudio_andStartsItOverItsWorkspace() throws Exception {
        RagLens lens = RagLens.builder().workspace(dir).build();
        try (StudioServer.Running studio = lens.studio("127.0.0.1", 0, Optional.empty())) {
            assertThat(studio).isInstanceOf(Studio.class);
            assertThat(studio.url().toString()).startsWith("http://127.0.0.1:");
            HttpURLConnection page = (HttpURLConnection) studio.url().toURL().openConnection();
            assertThat(page.getResponseCode()).isEqualTo(200);
            page.disconnect();
        }
    }

    @Test
    void aShortToken_isRefusedBeforeListening() {
        RagLens lens = RagLens.builder().workspace(dir).build();
        assertThatThrownBy(() -> lens.studio("127.0.0.1", 0, Optional.of("short")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a studio token needs at least 16 characters");
    }
}
