package io.bucketry.bootstrap.http;

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
import java.util.function.Supplier;

/**
 * Bounds the time a client may take to send a request body, counted from the moment the request
 * is handled: each read waits at most until the deadline (Jetty's idle timeout is lowered for the
 * read), and a body not complete by then is answered {@code 408 BODY_READ_TIMEOUT}. A client that
 * sends a few bytes and then nothing, or one byte a second, thus frees its thread in time.
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
        long deadline = System.nanoTime() + timeout.toNanos();
        chain.doFilter(new HttpServletRequestWrapper(http) {
            private ServletInputStream in;

            @Override
            public ServletInputStream getInputStream() throws IOException {
                if (in == null) {
                    in = new DeadlineInputStream(super.getInputStream(), base.getHttpChannel(), deadline, this::timedOut);
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

    /** Reads of the body that end at the deadline. */
    private static final class DeadlineInputStream extends ServletInputStream {

        private final ServletInputStream in;
        private final HttpChannel channel;
        private final long deadline;
        private final Supplier<ApiException> timedOut;

        DeadlineInputStream(ServletInputStream in, HttpChannel channel, long deadline,
                            Supplier<ApiException> timedOut) {
            this.in = in;
            this.channel = channel;
            this.deadline = deadline;
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
            long remainingMillis = (deadline - System.nanoTime()) / 1_000_000;
            if (remainingMillis <= 0 && !in.isFinished()) {
                throw timedOut.get();
            }
            long idle = channel.getIdleTimeout();
            channel.setIdleTimeout(idle > 0 ? Math.min(idle, remainingMillis) : remainingMillis);
            try {
                return read.run();
            } catch (IOException e) {
                if (System.nanoTime() - deadline >= 0 || Causes.include(e, TimeoutException.class)) {
                    throw timedOut.get();
                }
                throw e;
            } finally {
                channel.setIdleTimeout(idle);
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
