/**
 * The raglens studio: a local web application over a workspace, served by the JDK's own HTTP server
 * on 127.0.0.1 — every run and its trend, two runs compared, one question, and labelling for judge
 * calibration. Start it with {@code raglens studio} or {@link io.github.raglens.studio.Studio}.
 */
module io.github.raglens.studio {
    // Studio is a StudioServer.Running of core's SPI, read through the facade.
    requires transitive io.github.raglens;
    requires com.fasterxml.jackson.databind;
    requires jdk.httpserver;
    requires org.slf4j;

    exports io.github.raglens.studio;

    // The raglens command starts the studio through the facade (RagLens.studio), which finds it here.
    provides io.github.raglens.spi.StudioServer with
            io.github.raglens.studio.internal.StudioProvider;

    // The trend chart's data is written as JSON from the package's records.
    opens io.github.raglens.studio to
            com.fasterxml.jackson.databind;
}
