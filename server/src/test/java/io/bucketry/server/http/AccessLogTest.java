package io.bucketry.server.http;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** With {@code accessLog: true} each request logs one line (method, path, status, milliseconds); by default none. */
class AccessLogTest {

    private final Logger logger = (Logger) LoggerFactory.getLogger(RequestLog.LOGGER);
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

    private List<String> linesAfterTwoRequests(ServerConfig.Builder config) throws InterruptedException {
        try (Bucketry bucketry = Bucketry.start(BucketryConfig.defaults());
             ApiServer server = ApiServer.start(bucketry, config.build())) {
            Api api = new Api(server.port());
            assertThat(api.get("/v1/series/sensor-1/readings?from=2026-01-01T00:00:00Z").status()).isEqualTo(200);
            assertThat(api.get("/nothing/here").status()).isEqualTo(404);
            // both are recorded by the time the metrics show them
            Scrape.until(server.port(), s -> MetricsHttpTest.requests(s, "GET", RequestLog.UNMATCHED, 404) >= 1);
        }
        return lines.list.stream().map(ILoggingEvent::getFormattedMessage).filter(line -> !line.contains("/metrics"))
                .toList();
    }

    @Test
    void anEnabledAccessLogWritesOneLinePerRequest() throws InterruptedException {
        List<String> logged = linesAfterTwoRequests(LocalServer.builder().accessLog(true));

        assertThat(logged).hasSize(2);
        assertThat(logged.get(0)).matches("GET /v1/series/sensor-1/readings 200 \\d+\\.\\dms");
        assertThat(logged.get(1)).matches("GET /nothing/here 404 \\d+\\.\\dms");
    }

    @Test
    void theAccessLogIsOffByDefault() throws InterruptedException {
        assertThat(linesAfterTwoRequests(LocalServer.builder())).isEmpty();
        assertThat(lines.list).isEmpty();
    }
}
