package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UnreachableServerTest {

    @Test
    void openingAgainstNoServerFailsAsStoreUnavailableWithoutADriverType() throws IOException {
        // given: a loopback port nobody listens on
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        MongoBucketSettings settings = new MongoBucketSettings("mongodb://127.0.0.1:" + port
                + "/?serverSelectionTimeoutMS=300&connectTimeoutMS=200", "db", "c");

        // when / then
        assertThatThrownBy(() -> MongoBucketReadingStore.open(settings, BucketPolicy.defaults(), RetentionPolicy.defaults()))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("mongo-bucket: could not read the layout record of db.c at mongodb://127.0.0.1:" + port)
                .hasMessageContaining("did not answer (no primary server was found within the server selection timeout"
                        + " (300 ms))")
                .hasMessageNotContaining("ReadPreferenceServerSelector");
    }
}
