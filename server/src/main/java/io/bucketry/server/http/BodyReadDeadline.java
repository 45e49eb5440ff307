package io.bucketry.server.http;

import io.bucketry.bootstrap.config.Durations;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.eclipse.jetty.server.HttpChannel;
import org.eclipse.jetty.server.Request;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Bounds the time a request may spend waiting for its client's body bytes: only the time blocked
 * in reads counts (not the server's own parsing between reads), each read waits at most the rest
 * of the budget (Jetty's idle timeout is lowered for the read), and a body not complete once the
 * budget is spent is answered {@code 408 BODY_READ_TIMEOUT}. A client that sends a few bytes and
 * then nothing, or one byte at a time, thus frees its thread in time, while a body that arrived
 * at once is never refused because the server was slow to process it.
 */
final class BodyReadDeadline implements Filter {

    private final Duration timeout;

    BodyReadDeadline(Duration timeout) {
        this.timeout = timeout;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Request base = Request.getBaseRequest(request);
        if (base == null || !(request instanceof HttpServletRequest http)) {
            chain.doFilter(request, response);
            return;
        }
        HttpChannel channel = base.getHttpChannel();
        chain.doFilter(new HttpServletRequestWrapper(http) {
            private ServletInputStream in;

            @Override
            public ServletInputStream getInputStream() throws IOException {
                if (in == null) {
                    in = new DeadlineInputStream(super.getInputStream(), channel::getIdleTimeout,
                            channel::setIdleTimeout, timeout, this::timedOut);
                }
                return in;
            }

            private ApiException timedOut() {
                return new ApiException(408, "BODY_READ_TIMEOUT", "the request body did not arrive within "
                        + Durations.format(timeout) + " (the server's bodyReadTimeout); send it in one go, "
                        + "or in smaller batches");
            }
        }, response);
    }

    /** Reads of the body that, together, wait at most the budget for the client's bytes. */
    static final class DeadlineInputStream extends ServletInputStream {

        private final ServletInputStream in;
        private final LongSupplier idleTimeout;
        private final LongConsumer setIdleTimeout;
        private final long budgetNanos;
        private final Supplier<ApiException> timedOut;
        private long waitedNanos;

        /** @param idleTimeout and {@code setIdleTimeout}: the connection's idle timeout in ms, lowered during each read */
        DeadlineInputStream(ServletInputStream in, LongSupplier idleTimeout, LongConsumer setIdleTimeout,
                            Duration budget, Supplier<ApiException> timedOut) {
            this.in = in;
            this.idleTimeout = idleTimeout;
            this.setIdleTimeout = setIdleTimeout;
            this.budgetNanos = budget.toNanos();
            this.timedOut = timedOut;
        }

        @Override
        public int read() throws IOException {
            return guarded(in::read);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return guarded(() -> in.read(b, off, len));
        }

        private int guarded(Read read) throws IOException {
            long remainingMillis = (budgetNanos - waitedNanos) / 1_000_000;
            if (remainingMillis <= 0 && !in.isFinished()) {
                throw timedOut.get();
            }
            long idle = idleTimeout.getAsLong();
            setIdleTimeout.accept(idle > 0 ? Math.min(idle, remainingMillis) : remainingMillis);
            long start = System.nanoTime();
            try {
                return read.run();
            } catch (IOException e) {
                if (waitedNanos + System.nanoTime() - start >= budgetNanos || Causes.include(e, TimeoutException.class)) {
                    throw timedOut.get();
                }
                throw e;
            } finally {
                // only the time blocked waiting for the client's bytes counts, not the server's work between reads
                waitedNanos += System.nanoTime() - start;
                setIdleTimeout.accept(idle);
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    @FunctionalInterface
    private interface Read {
        int run() throws IOException;
    }
}
