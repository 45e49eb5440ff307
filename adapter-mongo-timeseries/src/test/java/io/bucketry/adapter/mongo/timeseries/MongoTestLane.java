package io.bucketry.adapter.mongo.timeseries;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.bucketry.adapter.mongo.common.ConnectionStrings;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.mongodb.MongoDBContainer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The MongoDB server the tests of this module run against, chosen once per run and printed:
 * {@code BUCKETRY_TEST_MONGODB_URI} if set; else Testcontainers {@code mongo:8.0} if a Docker engine
 * answers; else the embedded fake (mongo-java-server, in-process on loopback), which has no native
 * time-series collections, so stores there use the fallback.
 */
final class MongoTestLane {

    static final String URI_VARIABLE = "BUCKETRY_TEST_MONGODB_URI";
    static final String DATABASE = "bucketry_test";
    private static final String IMAGE = "mongo:8.0";
    private static final long DOCKER_PROBE_SECONDS = 15;
    private static final AtomicLong COLLECTIONS = new AtomicLong();
    private static final String RUN = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);

    private static MongoTestLane lane;

    private final String name;
    private final String uri;
    private final boolean embedded;

    private MongoTestLane(String name, String uri, boolean embedded) {
        this.name = name;
        this.uri = uri;
        this.embedded = embedded;
    }

    static synchronized MongoTestLane get() {
        if (lane == null) {
            lane = choose();
            System.out.println("[bucketry] mongo-timeseries test lane: " + lane.name);
        }
        return lane;
    }

    private static MongoTestLane choose() {
        String uri = System.getenv(URI_VARIABLE);
        if (uri != null && !uri.isBlank()) {
            return new MongoTestLane("real server from " + URI_VARIABLE + " ("
                    + ConnectionStrings.mask(uri) + ")", uri, false);
        }
        String noDocker = dockerAbsence();
        if (noDocker == null) {
            MongoDBContainer container = new MongoDBContainer(IMAGE);
            container.start();
            Runtime.getRuntime().addShutdownHook(new Thread(container::stop));
            return new MongoTestLane("Testcontainers " + IMAGE, container.getReplicaSetUrl(DATABASE), false);
        }
        MongoServer server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
        String address = server.getLocalAddress().getHostString() + ":" + server.getLocalAddress().getPort();
        return new MongoTestLane("embedded mongo-java-server on " + address + " (" + noDocker
                + "; no native time-series collections: stores use the fallback, real-server tests are skipped)",
                "mongodb://" + address, true);
    }

    /** Null when a Docker engine answers, else why not; never waits long. */
    private static String dockerAbsence() {
        boolean configured = System.getenv("DOCKER_HOST") != null
                || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".testcontainers.properties"));
        if (!configured) {
            return "no " + URI_VARIABLE + ", no DOCKER_HOST, no /var/run/docker.sock";
        }
        try {
            boolean available = CompletableFuture.supplyAsync(() -> DockerClientFactory.instance().isDockerAvailable())
                    .get(DOCKER_PROBE_SECONDS, TimeUnit.SECONDS);
            return available ? null : "no " + URI_VARIABLE + " and the Docker engine does not answer";
        } catch (Exception e) {
            return "no " + URI_VARIABLE + " and no Docker engine within " + DOCKER_PROBE_SECONDS + " s (" + e + ")";
        }
    }

    String uri() {
        return uri;
    }

    boolean isEmbedded() {
        return embedded;
    }

    /** The reason real-server tests give when skipped in the embedded lane. */
    static String embeddedReason(String what) {
        return "embedded lane: mongo-java-server has no native time-series collections, so " + what
                + " is verified only against a real server (set " + URI_VARIABLE + " or run with Docker)";
    }

    /** A collection name no other store of this run (or an earlier one) uses. */
    static String freshCollection(String prefix) {
        return prefix + "_" + RUN + "_" + COLLECTIONS.incrementAndGet();
    }

    /** Settings for a fresh collection; the fallback is on only where the server forces it. */
    MongoTimeSeriesSettings freshSettings(String prefix) {
        return new MongoTimeSeriesSettings(uri, DATABASE, freshCollection(prefix), embedded);
    }
}
