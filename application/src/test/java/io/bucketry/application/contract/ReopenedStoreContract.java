package io.bucketry.application.contract;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Contract: a store reopened on existing data finds every reading, still counts a resent one as a
 * duplicate, refuses a layout that would misplace the stored readings (naming the setting) and
 * accepts a safe change. An adapter's test is one subclass saying how to open a store on a place;
 * stores without {@link Capability#DURABLE} keep nothing across a reopen, and these cases skip.
 */
public abstract class ReopenedStoreContract {

    private static final RetentionPolicy RETENTION = RetentionPolicy.defaults();

    protected final MutableClock clock = new MutableClock(Fixtures.NOW);

    /** A place to open stores on (a collection name) that no other test uses. */
    protected abstract String freshPlace();

    /** Opens a store on {@code place}; opening the same place again reopens what is stored there. */
    protected abstract ReadingStore open(String place, BucketPolicy policy, RetentionPolicy retention);

    @Test
    void readingsAreAllFoundAfterReopening() {
        // given: windows with overflow buckets and late readings, stored before a close
        String place = durablePlace();
        BucketPolicy policy = BucketPolicy.windowed(Duration.ofHours(1), 3);
        SeriesId series = freshSeries("reopen");
        List<Reading> sorted = everyNineMinutes(series, 20);
        List<Reading> shuffled = new ArrayList<>(sorted);
        Collections.shuffle(shuffled, new Random(11));
        try (ReadingStore store = open(place, policy, RETENTION)) {
            ContractSupport.ingest(use(store, RETENTION), shuffled);
        }

        // when
        try (ReadingStore reopened = open(place, policy, RETENTION)) {
            UseCases use = use(reopened, RETENTION);

            // then
            assertThat(ContractSupport.readAll(use, series)).containsExactlyElementsOf(sorted);
            assertThat(use.read().read(series, at(minutes(40)), at(minutes(100)), 100))
                    .containsExactlyElementsOf(BruteForce.range(sorted, series, at(minutes(40)), at(minutes(100))));
            assertThat(use.latest().latest(series)).contains(sorted.get(sorted.size() - 1));
            assertThat(use.page().page(series, 2, 6)).contains(sorted.subList(6, 12));
            WindowAssertions.assertSameWindows(use.aggregate().aggregate(series, Fixtures.BASE, Fixtures.NOW, minutes(30)),
                    BruteForce.windows(sorted, Fixtures.BASE, Fixtures.NOW, minutes(30)));
        }
    }

    @Test
    void resentDuplicateIsStillADuplicateAfterReopening() {
        // given
        String place = durablePlace();
        BucketPolicy policy = BucketPolicy.windowed(Duration.ofHours(1), 4);
        SeriesId series = freshSeries("reopen");
        List<Reading> stored = everyNineMinutes(series, 10);
        try (ReadingStore store = open(place, policy, RETENTION)) {
            ContractSupport.ingest(use(store, RETENTION), stored);
        }

        // when: the same identities again, other values, after a reopen
        List<Reading> resent = new ArrayList<>();
        stored.forEach(reading -> resent.add(value(series, reading.time(), -1)));
        try (ReadingStore reopened = open(place, policy, RETENTION)) {
            UseCases use = use(reopened, RETENTION);
            IngestReport report = ContractSupport.ingest(use, resent);

            // then
            assertThat(report.accepted()).isZero();
            assertThat(report.duplicates()).isEqualTo(stored.size());
            assertThat(ContractSupport.readAll(use, series)).containsExactlyElementsOf(stored);
        }
    }

    @Test
    void changedWidthIsRefusedNamingTheSettingAndBothValues() {
        // given: the scenario, a reading stored with 1 h windows
        String place = durablePlace();
        SeriesId series = freshSeries("reopen");
        Reading reading = value(series, at(Duration.parse("PT8H38M58S")), 1);
        try (ReadingStore store = open(place, BucketPolicy.defaults(), RETENTION)) {
            ContractSupport.ingest(use(store, RETENTION), List.of(reading));
        }

        // when / then: 30 min windows and a grace of 90 min (so that an expiry index would match again)
        RetentionPolicy longerGrace = new RetentionPolicy(RETENTION.retention(), Duration.ofMinutes(90),
                RETENTION.futureTolerance());
        assertThatThrownBy(() -> open(place, BucketPolicy.windowed(Duration.ofMinutes(30), 1000), longerGrace).close())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("bucket width (bucketWidth): stored 1h, configured 30m")
                .hasMessageContaining("--mongo-collection");
        try (ReadingStore again = open(place, BucketPolicy.defaults(), RETENTION)) {
            assertThat(ContractSupport.readAll(use(again, RETENTION), series)).as("the refusal changed nothing")
                    .containsExactly(reading);
        }
    }

    @Test
    void smallerMaxCountIsAcceptedAndKeepsIdentity() {
        // given
        String place = durablePlace();
        SeriesId series = freshSeries("reopen");
        List<Reading> stored = everyNineMinutes(series, 12);
        try (ReadingStore store = open(place, BucketPolicy.windowed(Duration.ofHours(1), 5), RETENTION)) {
            ContractSupport.ingest(use(store, RETENTION), stored.subList(0, 8));
        }

        // when: reopened with a smaller count ceiling
        try (ReadingStore reopened = open(place, BucketPolicy.windowed(Duration.ofHours(1), 2), RETENTION)) {
            UseCases use = use(reopened, RETENTION);
            IngestReport report = ContractSupport.ingest(use, stored);

            // then
            assertThat(report.accepted()).isEqualTo(4);
            assertThat(report.duplicates()).isEqualTo(8);
            assertThat(ContractSupport.readAll(use, series)).containsExactlyElementsOf(stored);
        }
    }

    @Test
    void largerMaxCountIsRefusedWhereBucketsFollowThePolicy() {
        // given
        String place = durablePlace();
        try (ReadingStore store = open(place, BucketPolicy.windowed(Duration.ofHours(1), 5), RETENTION)) {
            ContractSupport.ingest(use(store, RETENTION), everyNineMinutes(freshSeries("reopen"), 12));
            assumeTrue(store.capabilities().contains(Capability.POLICY_BUCKETS),
                    () -> "backend '" + store.backend() + "' lacks POLICY_BUCKETS: its server sizes buckets, so any max count is safe");
        }

        // when / then
        assertThatThrownBy(() -> open(place, BucketPolicy.windowed(Duration.ofHours(1), 6), RETENTION).close())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("bucket max count (bucketMaxCount): stored 5, configured 6");
    }

    @Test
    void changedPageSizeIsRefused() {
        // given
        String place = durablePlace();
        try (ReadingStore store = open(place, BucketPolicy.paged(5), RETENTION)) {
            ContractSupport.ingest(use(store, RETENTION), everyNineMinutes(freshSeries("reopen"), 12));
        } catch (IllegalArgumentException e) {
            assumeFalse(e.getMessage().contains("paged"), "this backend refuses a paged policy: " + e.getMessage());
            throw e;
        }

        // when / then
        assertThatThrownBy(() -> open(place, BucketPolicy.paged(4), RETENTION).close())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("page size (pageSize): stored 5, configured 4");
    }

    @Test
    void storeWithoutDurabilityStartsEmptyWhenReopened() {
        // given
        String place = freshPlace();
        SeriesId series = freshSeries("reopen");
        try (ReadingStore store = open(place, BucketPolicy.defaults(), RETENTION)) {
            assumeFalse(store.capabilities().contains(Capability.DURABLE),
                    () -> "backend '" + store.backend() + "' is DURABLE; the other cases of this contract apply");
            ContractSupport.ingest(use(store, RETENTION), everyNineMinutes(series, 3));
        }

        // when / then
        try (ReadingStore reopened = open(place, BucketPolicy.defaults(), RETENTION)) {
            assertThat(ContractSupport.readAll(use(reopened, RETENTION), series)).isEmpty();
        }
    }

    /** A fresh place, after skipping the test for stores that keep nothing across a reopen. */
    private String durablePlace() {
        String place = freshPlace();
        try (ReadingStore probe = open(freshPlace(), BucketPolicy.defaults(), RETENTION)) {
            assumeTrue(probe.capabilities().contains(Capability.DURABLE),
                    () -> "backend '" + probe.backend() + "' lacks DURABLE: it keeps nothing across a reopen");
        }
        return place;
    }

    private UseCases use(ReadingStore store, RetentionPolicy retention) {
        return UseCases.over(store, ApplicationSettings.defaults().withRetention(retention), clock);
    }

    private static List<Reading> everyNineMinutes(SeriesId series, int count) {
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            readings.add(value(series, at(minutes(9L * i)).plusMillis(i), i));
        }
        return readings;
    }
}
