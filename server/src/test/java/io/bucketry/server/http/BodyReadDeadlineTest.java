package io.bucketry.server.http;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The body read budget counts only the time spent waiting for the client's bytes, not the server's own work. */
class BodyReadDeadlineTest {

    private static final Duration BUDGET = Duration.ofMillis(400);

    /** A body of {@code size} bytes whose every read first waits {@code waitMillis} for the "client". */
    private static final class Client extends ServletInputStream {
        private final long waitMillis;
        private int left;

        Client(int size, long waitMillis) {
            this.left = size;
            this.waitMillis = waitMillis;
        }

        @Override
        public int read() throws IOException {
            pause(waitMillis);
            return left-- > 0 ? 'x' : -1;
        }

        @Override public boolean isFinished() { return left <= 0; }
        @Override public boolean isReady() { return true; }
        @Override public void setReadListener(ReadListener listener) { }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static BodyReadDeadline.DeadlineInputStream over(Client client, AtomicLong idle) {
        return new BodyReadDeadline.DeadlineInputStream(client, idle::get, idle::set, BUDGET,
                () -> new ApiException(408, "BODY_READ_TIMEOUT", "too slow"));
    }

    @Test
    void aBodyThatArrivedAtOnceIsReadWhateverTimeTheServerSpendsBetweenReads() throws IOException {
        AtomicLong idle = new AtomicLong(30_000);
        BodyReadDeadline.DeadlineInputStream in = over(new Client(6, 0), idle);
        int bytes = 0;
        while (in.read() >= 0) {
            bytes++;
            pause(150);   // the server parses or stores: 6 x 150 ms is well over the 400 ms budget
        }

        assertThat(bytes).isEqualTo(6);
        assertThat(idle.get()).as("the connection's idle timeout is restored after each read").isEqualTo(30_000);
    }

    @Test
    void aClientThatMakesEachReadWaitIsCutOnceItsWaitsAddUpToTheBudget() throws IOException {
        AtomicLong idle = new AtomicLong(30_000);
        BodyReadDeadline.DeadlineInputStream in = over(new Client(20, 150), idle);
        int bytes = 0;
        try {
            while (in.read() >= 0) {
                bytes++;
            }
        } catch (ApiException e) {
            assertThat(e.getMessage()).contains("too slow");
        }

        assertThat(bytes).as("bytes read before the cut").isBetween(2, 4);
        assertThatThrownBy(in::read).isInstanceOf(ApiException.class);
    }
}
