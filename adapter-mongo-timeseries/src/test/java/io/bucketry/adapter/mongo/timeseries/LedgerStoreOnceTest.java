package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Date;
import java.util.List;
import java.util.Set;

import static io.bucketry.adapter.mongo.timeseries.TestData.reading;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** The identity ledger prototype: one claim per identity, duplicates found by failed claims, crashed claims taken over. */
class LedgerStoreOnceTest {

    private final MongoTestLane lane = MongoTestLane.get();

    @Test
    void twoStoresSendingTheSameReadingsStoreAndCountEachOnce() {
        // given two stores on one collection, each with its own client
        MongoTimeSeriesSettings settings = lane.freshSettings("ledger");
        String a = TestData.freshSeries("l");
        List<Reading> first = List.of(reading(a, 0, 1), reading(a, 60, 2));
        List<Reading> second = List.of(reading(a, 60, 9), reading(a, 120, 3), reading(a, 120, 8));
        try (MongoTimeSeriesReadingStore one = open(settings); MongoTimeSeriesReadingStore two = open(settings)) {
            // when
            StoreResult r1 = one.store(first);
            StoreResult r2 = two.store(second);

            // then: the reading at 60 s is one's, the one at 120 s the first of two's batch
            assertThat(r1).isEqualTo(new StoreResult(2, 0));
            assertThat(r2).isEqualTo(new StoreResult(1, 2));
            assertThat(one.read(new SeriesId(a), range(), 10))
                    .containsExactly(reading(a, 0, 1), reading(a, 60, 2), reading(a, 120, 3));
            try (MongoClient client = TestData.client()) {
                assertThat(TestData.collection(client, settings).countDocuments()).isEqualTo(3);
            }
        }
    }

    @Test
    void aClaimLeftWithoutItsReadingIsTakenOverOnceItsLeaseRanOut() {
        // given: a writer claimed a reading and died before inserting it; its lease ran out
        MongoTimeSeriesSettings settings = lane.freshSettings("ledger");
        String a = TestData.freshSeries("l");
        Reading lost = reading(a, 0, 1);
        try (MongoClient client = TestData.client(); MongoTimeSeriesReadingStore store = open(settings)) {
            ledger(client, settings).insertOne(IdentityLedger.entry(Identity.of(lost), new Date(System.currentTimeMillis() - 1_000)));

            // when the batch is sent again
            StoreResult result = store.store(List.of(lost));

            // then it is stored, and counted accepted
            assertThat(result).isEqualTo(new StoreResult(1, 0));
            assertThat(store.read(new SeriesId(a), range(), 10)).containsExactly(lost);
        }
    }

    @Test
    void abandonedClaimsOfAFailedInsertAreTakenOverAtOnceAndLiveOnesAreNot() {
        // given: two claims, one abandoned after a failed insert
        MongoTimeSeriesSettings settings = lane.freshSettings("ledger");
        Identity failed = new Identity(TestData.freshSeries("l"), 0);
        Identity live = new Identity(TestData.freshSeries("l"), 0);
        try (MongoClient client = TestData.client()) {
            IdentityLedger ledger = new IdentityLedger(ledger(client, settings), Duration.ofSeconds(10));
            assertThat(ledger.claim(List.of(failed, live))).containsExactly(failed, live);
            ledger.abandon(List.of(failed));

            // when
            long taken = ledger.takeOverExpired(List.of(failed, live));

            // then
            assertThat(taken).isEqualTo(1);
            assertThat(ledger.claim(List.of(failed, live))).isEqualTo(Set.of(failed));
        }
    }

    @Test
    void anUnknownStrategyIsRefusedByName() {
        assertThatIllegalArgumentException().isThrownBy(() -> StoreOnce.Kind.of("ledgers"))
                .withMessageContaining("'ledgers'").withMessageContaining("leases or ledger");
        assertThat(StoreOnce.Kind.of(null)).isEqualTo(StoreOnce.Kind.LEASES);
        assertThat(StoreOnce.Kind.of(" Ledger ")).isEqualTo(StoreOnce.Kind.LEDGER);
    }

    private static MongoTimeSeriesReadingStore open(MongoTimeSeriesSettings settings) {
        return StoreOpening.open(settings, BucketPolicy.defaults(), RetentionPolicy.defaults(), null, StoreOnce.Kind.LEDGER);
    }

    private static MongoCollection<Document> ledger(MongoClient client, MongoTimeSeriesSettings settings) {
        return client.getDatabase(settings.database()).getCollection(settings.collection() + ".identities");
    }

    private static TimeRange range() {
        return TimeRange.of(TestData.BASE, TestData.BASE.plusSeconds(86_400));
    }
}
