package io.bucketry.adapter.mongo.common.rollups;

import com.mongodb.MongoNamespace;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Filters;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.application.port.out.StoreRollups.Settlement;
import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TierSlice;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two rollup stores on one database, each over its own client, as two processes: leases decide which
 * pending entries a settle may clear, versions which settle's window stays, and a delete wins over
 * every settle that began before it.
 */
class SharedRollupStoreTest {

    private static final SeriesId SERIES = SeriesId.of("shared-1");
    private static final Instant START = Instant.parse("2026-07-01T10:00:00Z");
    private static final Duration HOUR = Duration.ofHours(1);
    private static final TimeRange DAY = new TimeRange(START.minus(Duration.ofDays(1)), START.plus(Duration.ofDays(1)));
    private static final MongoFailures FAILURES = new MongoFailures("lane", 10000L, "the key mongoTimeout", 10000, "test");

    private MongoServer server;
    private MongoClient clientA;
    private MongoClient clientB;
    private MongoNamespace readings;

    @BeforeEach
    void start() {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        String uri = "mongodb://127.0.0.1:" + server.getLocalAddress().getPort();
        clientA = MongoClients.create(uri);
        clientB = MongoClients.create(uri);
        readings = new MongoNamespace("shared", "r_" + UUID.randomUUID().toString().substring(0, 8));
    }

    @AfterEach
    void stop() {
        clientA.close();
        clientB.close();
        server.shutdownNow();
    }

    private MongoRollupStore open(MongoClient client, Duration lease) {
        return MongoRollupStore.open(client, readings, FAILURES, lease);
    }

    @Test
    void aSettleLeavesTheEntriesOfABatchRunningInAnotherProcessUntilItEnds() {
        MongoRollupStore writer = open(clientA, Duration.ofSeconds(60));
        MongoRollupStore settler = open(clientB, Duration.ofSeconds(60));
        writer.recordPending(List.of(key(0)), 41, token -> true);

        Settlement during = settler.beginSettle(settler.pending(10), token -> false);
        writer.finished(41);
        Settlement after = settler.beginSettle(settler.pending(10), token -> false);

        assertThat(during.clearable()).isEmpty();
        assertThat(after.clearable()).containsExactly(new PendingRollup(key(0), 41));
        assertThat(after.version()).isGreaterThan(during.version());
    }

    @Test
    void aCrashedWritersEntriesAreSettledOnceItsLeaseHasRunOutAndNotBefore() throws Exception {
        MongoClient crashing = MongoClients.create("mongodb://127.0.0.1:" + server.getLocalAddress().getPort());
        MongoRollupStore writer = open(crashing, Duration.ofMillis(600));
        MongoRollupStore settler = open(clientB, Duration.ofMillis(600));
        writer.recordPending(List.of(key(0), key(1)), 7, token -> true);
        crashing.close();   // the process is gone: no heartbeat, no end

        Settlement before = settler.beginSettle(settler.pending(10), token -> false);
        Thread.sleep(900);
        Settlement after = settler.beginSettle(settler.pending(10), token -> false);

        assertThat(before.clearable()).isEmpty();
        assertThat(after.clearable()).hasSize(2);
    }

    @Test
    void aRunningBatchsHeartbeatKeepsItsLeaseLivePastTheLeaseTime() throws Exception {
        MongoRollupStore writer = open(clientA, Duration.ofMillis(600));
        MongoRollupStore settler = open(clientB, Duration.ofMillis(600));
        writer.recordPending(List.of(key(0)), 8, token -> true);

        Thread.sleep(1500);
        Settlement during = settler.beginSettle(settler.pending(10), token -> false);
        writer.finished(8);

        assertThat(during.clearable()).isEmpty();
        assertThat(settler.pending(10)).containsExactly(new PendingRollup(key(0), 8));
    }

    @Test
    void aBatchWhoseLeaseWasTakenOverRecordsItsWindowsAgainWhenItEnds() {
        MongoRollupStore writer = open(clientA, Duration.ofSeconds(60));
        writer.recordPending(List.of(key(0), key(2)), 9, token -> true);
        // another process took the lease over as expired (and settled the entries it had read)
        clientB.getDatabase(readings.getDatabaseName()).getCollection(readings.getCollectionName() + ".rollups_leases")
                .deleteOne(Filters.eq("_id", 9L));
        writer.clearPending(List.of(new PendingRollup(key(0), 9), new PendingRollup(key(2), 9)));

        writer.finished(9);

        List<PendingRollup> again = writer.pending(10);
        assertThat(again).extracting(PendingRollup::key).containsExactlyInAnyOrder(key(0), key(2));
        assertThat(again).extracting(PendingRollup::token).doesNotContain(9L);
        assertThat(writer.beginSettle(again, token -> false).clearable()).hasSize(2);
    }

    @Test
    void aWindowKeepsWhatTheSettleOfTheHighestVersionWroteInWhateverOrderTheyArrive() {
        MongoRollupStore one = open(clientA, Duration.ofSeconds(60));
        MongoRollupStore two = open(clientB, Duration.ofSeconds(60));
        long earlier = one.beginSettle(List.of(), token -> false).version();
        long later = two.beginSettle(List.of(), token -> false).version();

        two.replace(List.of(window(20, 545.0)), later);
        one.replace(List.of(window(10, 45.0)), earlier);   // read the readings before the later settle did

        assertThat(one.read(SERIES, HOUR, DAY)).extracting(WindowAggregate::count).containsExactly(20L);
        long emptied = one.beginSettle(List.of(), token -> false).version();
        one.replace(List.of(new RollupWindow(SERIES, HOUR, START, null)), emptied);
        two.replace(List.of(window(20, 545.0)), later);
        assertThat(two.read(SERIES, HOUR, DAY)).as("an emptied window stays empty against earlier settles").isEmpty();
        assertThat(two.readAll(HOUR, DAY, 10)).isEmpty();
    }

    @Test
    void aDeletedSeriesGetsNoWindowFromASettleThatBeganBeforeTheDelete() {
        MongoRollupStore settler = open(clientA, Duration.ofSeconds(60));
        MongoRollupStore deleter = open(clientB, Duration.ofSeconds(60));
        settler.replace(List.of(window(10, 45.0)), settler.beginSettle(List.of(), token -> false).version());
        deleter.recordPending(List.of(key(3)), 11, token -> true);
        deleter.finished(11);
        List<PendingRollup> read = settler.pending(10);
        long began = settler.beginSettle(read, token -> false).version();   // it reads the readings, then...

        deleter.deleteSeries(SERIES);
        settler.replace(List.of(window(20, 545.0), new RollupWindow(SERIES, HOUR, START.plus(Duration.ofHours(3)),
                aggregate(START.plus(Duration.ofHours(3)), 5, 10.0))), began);
        settler.clearPending(read);

        assertThat(settler.read(SERIES, HOUR, new TimeRange(START, START.plus(HOUR)))).as("the existing window stays empty").isEmpty();
        List<PendingRollup> left = deleter.pending(10);
        assertThat(left).as("the window the earlier settle created is pending again").extracting(PendingRollup::key)
                .containsExactly(key(3));
        deleter.replace(List.of(new RollupWindow(SERIES, HOUR, START.plus(Duration.ofHours(3)), null)),
                deleter.beginSettle(left, token -> false).version());
        assertThat(settler.read(SERIES, HOUR, DAY)).isEmpty();
    }

    @Test
    void aTierKeptBeforeWindowsKeptTagsIsReadByTagQueriesOnlyFromTheFirstStartThatKeepsThem() {
        MongoRollupStore upgraded = open(clientA, Duration.ofSeconds(60));
        // given the record of a tier kept since the store was empty by a version whose windows kept no tags
        clientA.getDatabase(readings.getDatabaseName()).getCollection(readings.getCollectionName() + ".rollups_tiers")
                .insertOne(new Document("_id", HOUR.toMillis()).append("since", RollupTier.ALWAYS.toEpochMilli()));
        Instant upgrade = START.plus(Duration.ofDays(3));

        // when this version starts over it, then another process after it
        Instant covered = upgraded.coveredSince(HOUR, upgrade);
        Instant tagged = upgraded.taggedSince(HOUR, upgrade);
        Instant taggedLater = open(clientB, Duration.ofSeconds(60)).taggedSince(HOUR, upgrade.plus(Duration.ofDays(1)));

        // then its windows still serve untagged queries from the start, tag queries only from the upgrade on
        assertThat(covered).isEqualTo(RollupTier.ALWAYS);
        assertThat(tagged).isEqualTo(upgrade);
        assertThat(taggedLater).as("recorded once").isEqualTo(upgrade);
        assertThat(upgraded.taggedSince(Duration.ofDays(1), RollupTier.ALWAYS)).as("a tier first kept by this version")
                .isEqualTo(RollupTier.ALWAYS);
    }

    private static RollupKey key(int hours) {
        return new RollupKey(SERIES, START.plus(Duration.ofHours(hours)).toEpochMilli());
    }

    private static RollupWindow window(long count, double sum) {
        return new RollupWindow(SERIES, HOUR, START, aggregate(START, count, sum));
    }

    private static TierWindow aggregate(Instant start, long count, double sum) {
        long t = start.toEpochMilli();
        return new TierWindow(SERIES, start, start.plus(HOUR), List.of(new TierSlice(Tags.NONE, count,
                Map.of("v", new FieldSpan(count, 0.5, 19.5, sum, t, 0.5, t + 1, 19.5)))));
    }
}
