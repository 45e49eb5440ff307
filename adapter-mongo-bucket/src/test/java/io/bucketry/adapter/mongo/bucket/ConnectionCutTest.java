package io.bucketry.adapter.mongo.bucket;

import com.mongodb.ConnectionString;
import io.bucketry.adapter.mongo.common.testing.CuttingProxy;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** A connection cut in the middle of a bulk write; the retried batch leaves exactly one copy of every reading. */
class ConnectionCutTest {

    @ParameterizedTest
    @EnumSource(CuttingProxy.Cut.class)
    void retryAfterACutBulkWriteStoresEveryReadingExactlyOnce(CuttingProxy.Cut cut) throws Exception {
        // given: a store that talks to the server through the proxy; buckets of 5 so that some roll over
        ConnectionString lane = new ConnectionString(MongoLane.uri());
        assumeFalse(lane.isSrvProtocol(), "a mongodb+srv:// server cannot be reached through a loopback proxy");
        String[] hostPort = lane.getHosts().get(0).split(":");
        try (CuttingProxy proxy = new CuttingProxy(hostPort[0], hostPort.length > 1 ? Integer.parseInt(hostPort[1]) : 27017);
             MongoBucketReadingStore store = MongoBucketReadingStore.open(throughProxy(lane, proxy),
                     BucketPolicy.windowed(Duration.ofHours(1), 5), RetentionPolicy.defaults())) {
            List<Reading> batch = new ArrayList<>();
            for (int s = 0; s < 20; s++) {
                batch.addAll(TestData.every(TestData.freshSeries("cut"), minute(s), Duration.ofMinutes(9), 12));
            }
            store.store(batch.subList(0, 30));

            // when: the next update command is cut, and the caller retries the batch as it was
            proxy.cutNext("update", cut);
            StoreResult firstTry = null;
            try {
                firstTry = store.store(batch);
            } catch (StoreUnavailableException e) {
                System.out.println("[bucketry] " + cut + ": store() failed as expected: " + e.getMessage());
            }
            StoreResult retry = store.store(batch);

            // then
            assertThat(proxy.cuts()).as("connections cut").isEqualTo(1);
            if (firstTry != null) {
                // A replica set's driver retried the write itself (retryable writes): exactly once as well.
                assertThat(firstTry).isEqualTo(new StoreResult(batch.size() - 30, 30));
            }
            assertThat(retry.accepted() + retry.duplicates()).isEqualTo(batch.size());
            assertThat(retry.duplicates()).isGreaterThanOrEqualTo(30);
            TimeRange all = TimeRange.of(TestData.BASE, TestData.BASE.plus(Duration.ofDays(1)));
            List<Reading> stored = new ArrayList<>();
            for (SeriesId series : batch.stream().map(Reading::series).distinct().toList()) {
                stored.addAll(store.read(series, all, 1000));
            }
            assertThat(stored).containsExactlyInAnyOrderElementsOf(batch);
            assertThat(store.statistics().readings()).isEqualTo(batch.size());
        }
    }

    static MongoBucketSettings throughProxy(ConnectionString lane, CuttingProxy proxy) {
        String uri = lane.getConnectionString();
        String rest = uri.substring("mongodb://".length());
        int at = rest.indexOf('@');
        String credentials = at >= 0 ? rest.substring(0, at + 1) : "";
        int query = rest.indexOf('?');
        String options = query >= 0 ? rest.substring(query + 1).replaceAll("(?i)(^|&)replicaSet=[^&]*", "") : "";
        String proxied = "mongodb://" + credentials + "127.0.0.1:" + proxy.port() + "/?directConnection=true"
                + "&serverSelectionTimeoutMS=5000&connectTimeoutMS=2000" + (options.isEmpty() ? "" : "&" + options);
        MongoBucketSettings fresh = MongoLane.freshSettings();
        return new MongoBucketSettings(proxied, fresh.database(), fresh.collection());
    }
}
