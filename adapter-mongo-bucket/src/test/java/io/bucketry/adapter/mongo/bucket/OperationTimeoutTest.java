package io.bucketry.adapter.mongo.bucket;

import com.mongodb.ConnectionString;
import io.bucketry.adapter.mongo.common.testing.CuttingProxy;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Every operation has a timeout, so a server that stops answering fails a call instead of hanging it. */
class OperationTimeoutTest {

    @Test
    void aTimeoutBelowOneMillisecondIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> MongoBucketSettings.of("mongodb://h").withTimeout(Duration.ZERO))
                .withMessageContaining("timeout PT0S must be at least 1 ms");
    }

    @Test
    void storeFailsAsUnavailableWithinBoundsWhenTheServerStopsAnswering() throws Exception {
        // given: a store with a 1 s timeout that talks to the server through a proxy, one batch stored
        ConnectionString lane = new ConnectionString(MongoLane.uri());
        assumeFalse(lane.isSrvProtocol(), "a mongodb+srv:// server cannot be reached through a loopback proxy");
        String[] hostPort = lane.getHosts().get(0).split(":");
        try (CuttingProxy proxy = new CuttingProxy(hostPort[0], hostPort.length > 1 ? Integer.parseInt(hostPort[1]) : 27017);
             MongoBucketReadingStore store = MongoBucketReadingStore.open(
                     ConnectionCutTest.throughProxy(lane, proxy).withTimeout(Duration.ofSeconds(1)),
                     BucketPolicy.defaults(), RetentionPolicy.defaults())) {
            List<Reading> readings = TestData.every(TestData.freshSeries("silent"), minute(0), Duration.ofMinutes(1), 20);
            store.store(readings.subList(0, 10));

            // when: the server stops answering (the proxy reads the next update and forwards nothing, no reset)
            proxy.silenceNext("update");
            long started = System.nanoTime();
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThatThrownBy(() -> store.store(readings.subList(10, 20)))
                    .isInstanceOf(StoreUnavailableException.class)
                    .hasMessageContaining("mongo-bucket: could not store readings"));
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            // then: it failed after about the timeout, not the driver's unbounded wait
            assertThat(took).as("time until store() failed").isLessThan(Duration.ofSeconds(8));
        }
    }
}
