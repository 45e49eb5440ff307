package io.bucketry.app.cli;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A MongoDB test server (mongo-java-server, the embedded lane) listening on a free port for each test,
 * so that several stores, and command lines run in the test, reach the same data by its {@link #uri()}.
 */
final class MongoOnAPort implements BeforeEachCallback, AfterEachCallback {

    private MongoServer server;
    private String uri;

    @Override
    public void beforeEach(ExtensionContext context) {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        uri = "mongodb://127.0.0.1:" + server.getLocalAddress().getPort();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        server.shutdownNow();
    }

    String uri() {
        return uri;
    }
}
