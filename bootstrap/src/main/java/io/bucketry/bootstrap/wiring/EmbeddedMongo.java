package io.bucketry.bootstrap.wiring;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * The {@code --embedded-mongo} server: mongo-java-server's in-memory backend, in this process, on a
 * free loopback port. A test server: it keeps nothing, and lacks what real MongoDB offers.
 */
public final class EmbeddedMongo implements AutoCloseable {

    static final String HOST = "127.0.0.1";

    private final MongoServer server;
    private final String uri;

    private EmbeddedMongo(MongoServer server, int port) {
        this.server = server;
        this.uri = "mongodb://" + HOST + ":" + port;
    }

    /** Starts a server on a free port of 127.0.0.1. */
    public static EmbeddedMongo start() {
        MongoServer server = new MongoServer(new MemoryBackend());
        try {
            server.bind(HOST, 0);   // returns nothing: the bound port comes from getLocalAddress()
            return new EmbeddedMongo(server, server.getLocalAddress().getPort());
        } catch (RuntimeException e) {
            server.shutdownNow();
            throw new IllegalStateException("embeddedMongo: could not start the in-process MongoDB test server on "
                    + HOST + ": " + e.getMessage(), e);
        }
    }

    /** Connection string of the running server (no credentials). */
    public String uri() {
        return uri;
    }

    /** The one warning an operator gets: what this server is, and what it is not. */
    String warning() {
        return "embeddedMongo: using an in-memory MongoDB TEST server (mongo-java-server) in this process at " + uri
                + "; it keeps nothing after exit and lacks real indexes (queries scan whole collections), TTL expiry"
                + " and native time-series collections (mongo-timeseries falls back to one document per reading)."
                + " Give the mongoUri setting a real MongoDB for anything that matters";
    }

    @Override
    public void close() {
        server.shutdownNow();
    }
}
