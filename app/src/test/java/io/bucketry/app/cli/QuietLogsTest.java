package io.bucketry.app.cli;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** check's stderr while it opens a dozen stores: no INFO, each kind of warning once, every error. */
class QuietLogsTest {

    private final Logger store = (Logger) LoggerFactory.getLogger("io.bucketry.quiet.Store");
    private final Logger other = (Logger) LoggerFactory.getLogger("io.bucketry.quiet.Other");
    private final Logger muted = (Logger) LoggerFactory.getLogger("io.bucketry.quiet.Muted");
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void listen() {
        logged.start();
        store.addAppender(logged);
        other.addAppender(logged);
    }

    @AfterEach
    void stopListening() {
        store.detachAppender(logged);
        other.detachAppender(logged);
    }

    @Test
    void eachLoggersFirstWarningAndEveryErrorPassAndTheRestIsCountedOnClose() {
        // given: one logger whose own level keeps only errors (as the embedded test server's)
        muted.setLevel(ch.qos.logback.classic.Level.ERROR);
        PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8);

        // when: fourteen stores warn alike and note their start at INFO, one fails
        try (QuietLogs quiet = QuietLogs.start(stderr, "bucketry check")) {
            assertThat(store.isWarnEnabled()).as("a question about the level is no warning").isTrue();
            for (int i = 0; i < 14; i++) {
                store.info("mongo-timeseries: collection c{} created", i);
                store.warn("mongo-timeseries FALLBACK: a plain collection for c" + i);
            }
            other.warn("another kind of warning");
            store.warn("mongo-timeseries TTL: another kind from the same logger");
            muted.warn("dropped by its own level, so neither shown nor counted");
            store.error("a failure");
        }
        store.warn("after the check: shown again");

        // then
        assertThat(logged.list).extracting(ILoggingEvent::getFormattedMessage).containsExactly(
                "mongo-timeseries FALLBACK: a plain collection for c0", "another kind of warning",
                "mongo-timeseries TTL: another kind from the same logger", "a failure",
                "after the check: shown again");
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("bucketry check: 13 more warnings like the one above held back (--verbose shows every log line)"
                        + System.lineSeparator());
    }
}
