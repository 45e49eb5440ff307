package io.bucketry.bootstrap.wiring;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Mongo store's start: the server named before connecting, an absent one refused in one line, and
 * asked once per start (Guice asked a failed store again for each binding: four timeouts).
 */
class MongoStartTest {

    private final Logger logger = (Logger) LoggerFactory.getLogger(MongoStart.class);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void listen() {
        lines.start();
        logger.addAppender(lines);
    }

    @AfterEach
    void stopListening() {
        logger.detachAppender(lines);
    }

    @Test
    void theServerIsNamedBeforeConnectingWithoutItsCredentials() {
        MongoEndpoint endpoint = new MongoEndpoint("mongodb://ann:s3cret@db.example:27017/?authSource=admin", false);

        String store = MongoStart.open("mongo-bucket", endpoint, () -> "opened");

        assertThat(store).isEqualTo("opened");
        assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage)
                .containsExactly("mongo-bucket: connecting to " + endpoint.maskedUri());
        assertThat(lines.list.get(0).getFormattedMessage()).doesNotContain("s3cret").contains("db.example:27017");
    }

    @Test
    void aServerThatDoesNotAnswerIsOneLineNamingItAndWhatToCheck() {
        MongoEndpoint endpoint = new MongoEndpoint("mongodb://ann:s3cret@db.example:27017", false);

        assertThatThrownBy(() -> MongoStart.open("mongo-bucket", endpoint, () -> {
            throw new StoreUnavailableException("mongo-bucket: could not prepare the indexes",
                    new RuntimeException("Timed out after 10000 ms while waiting to connect. Client view of cluster state is {…}"));
        }))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("the MongoDB server at " + endpoint.maskedUri())
                .hasMessageContaining("Timed out after 10000 ms while waiting to connect")
                .hasMessageNotContaining("Client view")
                .hasMessageNotContaining("s3cret");
    }

    @ParameterizedTest
    @EnumSource(value = Backend.class, names = {"MONGO_BUCKET", "MONGO_TIMESERIES"})
    void aServerThatIsNotThereIsAskedOnceAndTheRefusalNamesTheSettingToCheck(Backend backend) throws IOException {
        // given: a loopback port nothing listens on, and a short operation timeout
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        BucketryConfig config = BucketryConfig.builder().backend(backend).mongoUri("mongodb://127.0.0.1:" + port)
                .mongoTimeout(Duration.ofMillis(300)).build();

        // when / then
        assertThatThrownBy(() -> Bucketry.start(config)).isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("Check the mongoUri setting and that the server is running");
        assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage).as("connection attempts")
                .containsExactly(backend.id() + ": connecting to mongodb://127.0.0.1:" + port);
    }
}
