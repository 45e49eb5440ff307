package io.bucketry.adapter.mongo.common.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A loopback TCP proxy between the driver and a MongoDB server that, once armed, cuts the
 * connection carrying the next command of a given name: either in the middle of the request (the
 * server applies nothing) or after the server received it whole, dropping its reply (the server
 * applied everything, the driver never learns it). It can also fall silent instead: take the next
 * such request and never forward it, keeping the connection open (a black hole, not a reset).
 * It can also hold every request back for a while before forwarding it (a slow link or a paused
 * process: {@link #delayRequests}). Test kit of both Mongo adapters.
 */
public final class CuttingProxy implements AutoCloseable {

    /** Where the cut falls. */
    public enum Cut { MID_REQUEST, LOST_REPLY }

    private final InetSocketAddress target;
    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicReference<Cut> armed = new AtomicReference<>();
    private final AtomicInteger cuts = new AtomicInteger();
    private volatile byte[] pattern = new byte[0];
    private final AtomicReference<byte[]> silence = new AtomicReference<>();
    private volatile long delayMillis;

    public CuttingProxy(String host, int port) throws IOException {
        this.target = new InetSocketAddress(host, port);
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "cutting-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Arms one cut of the next request whose command is {@code command} (e.g. "update"). */
    public void cutNext(String command, Cut cut) {
        pattern = commandElement(command);
        armed.set(cut);
    }

    /** From now on, every request waits {@code delay} before it is forwarded (zero: none). */
    public void delayRequests(java.time.Duration delay) {
        delayMillis = delay.toMillis();
    }

    /** From the next request whose command is {@code command} on, its connection forwards nothing and answers nothing. */
    public void silenceNext(String command) {
        silence.set(commandElement(command));
    }

    private static byte[] commandElement(String command) {
        // In OP_MSG the command is the body's first element: a string element named after it.
        byte[] name = command.getBytes(StandardCharsets.US_ASCII);
        byte[] element = new byte[name.length + 2];
        element[0] = 0x02;
        System.arraycopy(name, 0, element, 1, name.length);
        return element;
    }

    public int cuts() {
        return cuts.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(target.getAddress(), target.getPort());
                sockets.add(client);
                sockets.add(upstream);
                AtomicBoolean dropReply = new AtomicBoolean();
                AtomicBoolean silent = new AtomicBoolean();
                start(() -> pump(client, upstream, true, dropReply, silent));
                start(() -> pump(upstream, client, false, dropReply, silent));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void pump(Socket from, Socket to, boolean request, AtomicBoolean dropReply, AtomicBoolean silent) {
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                byte[] quiet = silence.get();
                if (request && quiet != null && contains(buffer, n, quiet) && silence.compareAndSet(quiet, null)) {
                    silent.set(true);
                }
                if (silent.get()) {
                    continue; // read and drop: the server never hears it, the driver never hears back
                }
                if (!request && dropReply.get()) {
                    cut(from, to);
                    return;
                }
                if (request && armed.get() != null && contains(buffer, n, pattern)) {
                    Cut cut = armed.getAndSet(null);
                    if (cut == Cut.MID_REQUEST) {
                        out.write(buffer, 0, n / 2);
                        out.flush();
                        cut(from, to);
                        return;
                    }
                    if (cut == Cut.LOST_REPLY) {
                        dropReply.set(true);
                    }
                }
                if (request && delayMillis > 0) {
                    pause(delayMillis);
                }
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // the other direction closed the pair
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void cut(Socket a, Socket b) {
        cuts.incrementAndGet();
        closeQuietly(a);
        closeQuietly(b);
    }

    private static boolean contains(byte[] buffer, int length, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (buffer[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static void start(Runnable task) {
        Thread thread = new Thread(task, "cutting-proxy-pump");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : sockets) {
            closeQuietly(socket);
        }
    }
}
