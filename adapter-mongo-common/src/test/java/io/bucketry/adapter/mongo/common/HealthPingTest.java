package io.bucketry.adapter.mongo.common;

import com.mongodb.client.MongoClient;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.bucketry.application.port.out.StoreHealth;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The health probe is a bounded ping: up while the server answers, down with a one-line reason once it is gone. */
class HealthPingTest {

    @Test
    void aClientWhoseServerIsGoneIsDownWithinTwoSecondsNamingTheServer() {
        // given: a client of a server of its own (the fake: this tests the probe, not the server), which answers
        MongoServer server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        String host = "127.0.0.1:" + server.getLocalAddress().getPort();
        MongoConnectionsTest.Place settings = MongoConnectionsTest.Place.of("mongodb://" + host);
        MongoFailures failures = MongoConnections.failures(settings, "mongo-x");
        try (MongoClient client = MongoConnections.client(settings, "health")) {
            assertThat(HealthPing.ping(client, failures)).isEqualTo(StoreHealth.healthy());
            server.shutdownNow();

            // when
            long started = System.nanoTime();
            StoreHealth health = HealthPing.ping(client, failures);
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            // then: the bound for /health is 2 s; the probe waits at most PROBE_MILLIS
            assertThat(health.up()).isFalse();
            assertThat(took).isLessThan(Duration.ofSeconds(2));
            assertThat(health.reason())
                    .startsWith("mongo-x: could not answer a ping: the server at " + host + " did not answer (")
                    .doesNotContain("Client view of cluster state")
                    .doesNotContain("\n");
        } finally {
            server.shutdownNow();
        }
    }
}
