package io.bucketry.server.http;

import io.javalin.Javalin;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;

/** Starts Javalin on an address, or fails with one message naming the address and why it cannot listen there. */
final class Listen {

    private Listen() {
    }

    /** IllegalStateException "cannot listen on HOST:PORT: CAUSE" when the address cannot be resolved or bound. */
    static void start(Javalin app, String bind, int port) {
        String address = bind + ":" + port;
        try {
            // a probe first, so that the usual failures (port in use, not an address of this machine) are
            // reported with their cause, before Jetty and Javalin log theirs with a stack trace
            try (ServerSocket probe = new ServerSocket()) {
                probe.bind(new InetSocketAddress(InetAddress.getByName(bind), port));
            }
        } catch (UnknownHostException e) {
            throw new IllegalStateException("cannot listen on " + address + ": no such host or address");
        } catch (IOException e) {
            throw new IllegalStateException("cannot listen on " + address + ": " + cause(e), e);
        }
        try {
            app.start(bind, port);
        } catch (Exception e) {   // Javalin (Kotlin) may throw checked exceptions too
            throw new IllegalStateException("cannot listen on " + address + ": " + cause(e), e);
        }
    }

    private static String cause(Throwable e) {
        String message = null;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketException && t.getMessage() != null) {
                return t.getMessage();
            }
            if (t instanceof UnresolvedAddressException) {
                return "no such host or address";
            }
            if (message == null && t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getMessage();
            }
        }
        return message == null ? e.getClass().getSimpleName() : message;
    }
}
