package io.bucketry.app.cli;

import io.bucketry.tools.bench.BucketryProcess;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CliLoggingTest {

    @Test
    void theCommandLineConfigurationIsAResourceOfItsOwnAndNoJarOfTheClassPathShipsALogbackXml() {
        ClassLoader loader = CliLogging.class.getClassLoader();

        assertThat(loader.getResource(CliLogging.RESOURCE)).isNotNull();
        // logback picks up a root logback.xml from any jar: one there would take over an embedding application's logging
        assertThat(loader.getResource("logback.xml")).isNull();
    }

    @Test
    void benchPeersBucketryServerLogsAsServeDoes() {
        // logback's default without it logs Jetty's DEBUG lines per request: a third of the server's CPU in bench-peer
        assertThat(BucketryProcess.SERVE_LOGGING).isEqualTo(CliLogging.RESOURCE);
    }

    @Test
    void theCommandLineConfigurationIsChosenUnlessTheUserNamedOne() {
        String before = System.getProperty(CliLogging.PROPERTY);
        try {
            // given: the user names a file
            System.setProperty(CliLogging.PROPERTY, "/etc/my-logback.xml");

            // when
            CliLogging.useTheCommandLineConfiguration();

            // then
            assertThat(System.getProperty(CliLogging.PROPERTY)).isEqualTo("/etc/my-logback.xml");

            // and given none
            System.clearProperty(CliLogging.PROPERTY);
            CliLogging.useTheCommandLineConfiguration();
            assertThat(System.getProperty(CliLogging.PROPERTY)).isEqualTo(CliLogging.RESOURCE);
        } finally {
            if (before == null) {
                System.clearProperty(CliLogging.PROPERTY);
            } else {
                System.setProperty(CliLogging.PROPERTY, before);
            }
        }
    }
}
