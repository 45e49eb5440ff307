package io.bucketry.adapter.mongo.bucket;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.mongodb.MongoDBContainer;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The MongoDB server the tests of this module run against, chosen once per run (DESIGN §5):
 * {@code BUCKETRY_TEST_MONGODB_URI}, else Testcontainers {@code mongo:8.0} when a Docker engine is
 * reachable, else the embedded {@code mongo-java-server} fake on loopback.
 */
public enum MongoLane {
    EXTERNAL, TESTCONTAINERS, EMBEDDED;

    private static final AtomicInteger COLLECTIONS = new AtomicInteger();
    private static volatile Started started;

    private record Started(MongoLane lane, String uri) {
    }

    /** The lane of this run, starting its server on first use and printing the choice. */
    public static MongoLane current() {
        return start().lane;
    }

    /** Connection string of this run's server. */
    public static String uri() {
        return start().uri;
    }

    public static boolean isEmbedded() {
        return current() == EMBEDDED;
    }

    /** Skips the calling test in the embedded lane, printing why (the fake lacks what it needs). */
    public static void assumeRealServer(String reason) {
        if (isEmbedded()) {
            System.out.println("[bucketry] skipped in the embedded lane: " + reason);
        }
        org.junit.jupiter.api.Assumptions.assumeFalse(isEmbedded(), reason);
    }

    /** Settings for a fresh, never used collection in the test database. */
    public static MongoBucketSettings freshSettings() {
        String name = "t" + COLLECTIONS.incrementAndGet() + "_" + UUID.randomUUID().toString().substring(0, 8);
        return new MongoBucketSettings(uri(), "bucketry_test", name);
    }

    private static synchronized Started start() {
        if (started != null) {
            return started;
        }
        String external = System.getenv("BUCKETRY_TEST_MONGODB_URI");
        if (external != null && !external.isBlank()) {
            started = new Started(EXTERNAL, external);
            System.out.println("[bucketry] MongoDB test lane: external server from BUCKETRY_TEST_MONGODB_URI");
        } else if (dockerReachable()) {
            MongoDBContainer container = new MongoDBContainer("mongo:8.0").withReplicaSet();
            container.start();
            Runtime.getRuntime().addShutdownHook(new Thread(container::stop));
            started = new Started(TESTCONTAINERS, container.getReplicaSetUrl());
            System.out.println("[bucketry] MongoDB test lane: Testcontainers mongo:8.0 (single-node replica set)");
        } else {
            MongoServer server = new MongoServer(new MemoryBackend());
            server.bind("127.0.0.1", 0);
            InetSocketAddress address = server.getLocalAddress();
            Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow));
            started = new Started(EMBEDDED, "mongodb://127.0.0.1:" + address.getPort());
            System.out.println("[bucketry] MongoDB test lane: embedded mongo-java-server 1.47.0 on "
                    + started.uri + " (no BUCKETRY_TEST_MONGODB_URI, no Docker engine); tests needing a real"
                    + " server are skipped with their reason");
        }
        return started;
    }

    /** Asks Testcontainers only when a Docker endpoint is plausibly there, so a machine without one never waits. */
    private static boolean dockerReachable() {
        boolean candidate = System.getenv("DOCKER_HOST") != null
                || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".testcontainers.properties"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".docker", "run", "docker.sock"));
        if (!candidate) {
            return false;
        }
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException e) {
            return false;
        }
    }
}
