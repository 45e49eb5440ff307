package io.bucketry.adapter.mongo.timeseries;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP proxy to a MongoDB server that, once {@link #silence()} is called, keeps every
 * connection open and reads what the driver sends but forwards nothing: a server that stops
 * answering (a black hole, not a reset).
 */
final class SilentProxy implements AutoCloseable {

    private final String host;
    private final int port;
    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean silent;

    SilentProxy(String host, int port) throws IOException {
        this.host = host;
        this.port = port;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon(this::accept);
    }

    int port() {
        return server.getLocalPort();
    }

    void silence() {
        silent = true;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(host, port);
                sockets.add(client);
                sockets.add(upstream);
                daemon(() -> pump(client, upstream));
                daemon(() -> pump(upstream, client));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                if (!silent) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            }
        } catch (IOException e) {
            // the other direction closed the pair
        } finally {
            close(from);
            close(to);
        }
    }

    private static void daemon(Runnable task) {
        Thread thread = new Thread(task, "silent-proxy");
        thread.setDaemon(true);
        thread.start();
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        sockets.forEach(SilentProxy::close);
    }
}
