package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import io.bucketry.adapter.mongo.common.MongoConnections;
import io.bucketry.adapter.mongo.common.testing.CuttingProxy;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.Reading;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Every operation has a timeout, so a server that stops answering fails a call instead of hanging it. */
class OperationTimeoutTest {

    @Test
    void aTimeoutBelowOneMillisecondIsRefused() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> MongoTimeSeriesSettings.of("mongodb://h").withTimeout(Duration.ofNanos(10)))
                .withMessageContaining("must be at least 1 ms");
    }

    @Test
    void storeFailsAsUnavailableWithinBoundsWhenTheServerStopsAnswering() throws Exception {
        // given: a store with a 1 s timeout that talks to the lane's server through a proxy, one batch stored
        MongoTestLane lane = MongoTestLane.get();
        ConnectionString uri = new ConnectionString(lane.uri());
        assumeFalse(uri.isSrvProtocol(), "a mongodb+srv:// server cannot be reached through a loopback proxy");
        String[] hostPort = uri.getHosts().get(0).split(":");
        MongoTimeSeriesSettings direct = lane.freshSettings("silent");
        try (CuttingProxy proxy = new CuttingProxy(hostPort[0], hostPort.length > 1 ? Integer.parseInt(hostPort[1]) : 27017)) {
            String proxied = "mongodb://" + credentials(uri) + "127.0.0.1:" + proxy.port()
                    + "/?directConnection=true&serverSelectionTimeoutMS=5000&connectTimeoutMS=2000";
            MongoTimeSeriesSettings settings = new MongoTimeSeriesSettings(proxied, direct.database(), direct.collection(),
                    direct.fallback(), Duration.ofSeconds(1));
            try (MongoTimeSeriesReadingStore store = TestData.open(settings)) {
                String series = TestData.freshSeries("silent");
                List<Reading> readings = new ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    readings.add(TestData.reading(series, 60L * i, i));
                }
                store.store(readings.subList(0, 10));

                // when: the server stops answering (from the next batch's insert on)
                proxy.silenceNext("insert");
                long started = System.nanoTime();
                assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertThatThrownBy(() -> store.store(readings.subList(10, 20)))
                        .isInstanceOf(StoreUnavailableException.class));
                Duration took = Duration.ofNanos(System.nanoTime() - started);

                // then: it failed after about the timeout, not the driver's unbounded wait
                assertThat(took).as("time until store() failed").isLessThan(Duration.ofSeconds(8));
            }
        }
    }

    private static String credentials(ConnectionString uri) {
        String rest = uri.getConnectionString().substring("mongodb://".length());
        int at = rest.indexOf('@');
        return at >= 0 ? rest.substring(0, at + 1) : "";
    }
}
