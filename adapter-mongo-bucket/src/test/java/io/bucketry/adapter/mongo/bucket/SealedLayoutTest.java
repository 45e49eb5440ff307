package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static org.assertj.core.api.Assertions.assertThat;

/** The sealed layout's windows of one row document: sealed in place, late readings in a delta, summaries without decoding. */
class SealedLayoutTest {

    private final MutableClock clock = new MutableClock(BASE.plus(Duration.ofDays(1)).plus(Duration.ofMinutes(30)));
    private MongoBucketReadingStore store;

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void anEndedWindowOfOneRowDocumentIsSealedInPlaceAndAnOpenOneStaysInRows() {
        // given: a day of sensor readings, one a minute; the clock stands 30 minutes into the next day
        store = sealed(Duration.ofMinutes(10));
        SeriesId series = freshSeries("seal");
        List<Reading> day = sensorDay(series);
        store.store(day);
        BsonDocument before = documents(store, Filters.eq(BucketFields.SERIES, series.value())).get(0);
        Reading open = sensor(series, clock.instant().minus(Duration.ofMinutes(5)), 1.5);
        store.store(List.of(open));

        // when
        long sealed = store.seal();

        // then: 24 windows sealed, each one document; the open window stays rows
        List<BsonDocument> documents = documents(store, Filters.eq(BucketFields.SERIES, series.value()));
        assertThat(sealed).isEqualTo(24);
        assertThat(documents).hasSize(25);
        assertThat(documents.get(0).get(BucketFields.ID)).as("sealed in place").isEqualTo(before.get(BucketFields.ID));
        assertThat(documents.subList(0, 24)).allSatisfy(d -> assertThat(d.containsKey(BucketFields.COLS)
                && !d.containsKey(BucketFields.READINGS) && !d.containsKey(BucketFields.BYTES)).isTrue());
        assertThat(documents.get(24).getBoolean(BucketFields.UNSEALED).getValue()).isTrue();
        List<Reading> all = new ArrayList<>(day);
        all.add(open);
        assertThat(store.read(series, TimeRange.of(BASE, clock.instant()), Integer.MAX_VALUE)).containsExactlyElementsOf(all);
        assertThat(store.latest(series, Instant.EPOCH)).contains(open);
        assertThat(store.page(series, 2, 100, Instant.EPOCH)).containsExactlyElementsOf(all.subList(100, 200));
    }

    @Test
    void aLateReadingForASealedWindowGoesToADeltaDeduplicatedAgainstTheSealedTimesAndIsFoldedLater() {
        // given: a sealed day
        SeriesId series = freshSeries("late");
        List<Reading> day = sealedDay(series);

        // when: a late reading between two sealed ones, and a resent sealed one
        Reading late = sensor(series, BASE.plus(Duration.ofSeconds(90)), 7.25);
        StoreResult result = store.store(List.of(late, day.get(3)));

        // then: visible at once, in time order, the duplicate dropped; the next sweep folds the delta in
        assertThat(result).isEqualTo(new StoreResult(1, 1));
        List<Reading> expected = new ArrayList<>(day);
        expected.add(late);
        expected.sort(Comparator.comparingLong(Reading::epochMilli));
        TimeRange all = TimeRange.of(BASE, BASE.plus(Duration.ofDays(1)));
        assertThat(store.read(series, all, Integer.MAX_VALUE)).containsExactlyElementsOf(expected);
        assertThat(documents(store, Filters.eq(BucketFields.SERIES, series.value()))).hasSize(25);
        store.seal();
        assertThat(documents(store, Filters.eq(BucketFields.SERIES, series.value()))).hasSize(24);
        assertThat(store.read(series, all, Integer.MAX_VALUE)).containsExactlyElementsOf(expected);
        assertSameWindows(store.aggregate(series, all, Duration.ofHours(1)), expected, Duration.ofHours(1));
    }

    @Test
    void aWriteBetweenTheSealersReadAndItsReplaceMakesTheReplaceMatchNothingAndTheNextSweepSealsIt() {
        // given: an ended window of one row document, and a writer that appends to it once the sealer has read it
        store = sealed(Duration.ZERO);
        SeriesId series = freshSeries("inplace");
        List<Reading> hour = every(series, BASE, Duration.ofMinutes(5), 6);
        store.store(hour);
        Reading late = value(series, BASE.plus(Duration.ofMinutes(55)), 11);
        List<StoreResult> raced = new ArrayList<>();
        store.sealer().hook((step, s, start) -> {
            if (step == WindowSealer.Step.READ && raced.isEmpty()) {
                raced.add(store.store(List.of(late)));
            }
        });

        // when
        long first = store.seal();
        store.sealer().hook((step, s, start) -> { });
        long second = store.seal();

        // then: the late reading went into the row document, so the first replace matched nothing
        List<Reading> expected = new ArrayList<>(hour);
        expected.add(late);
        assertThat(raced).containsExactly(new StoreResult(1, 0));
        assertThat(first).isZero();
        assertThat(second).isEqualTo(1);
        List<BsonDocument> documents = documents(store, Filters.eq(BucketFields.SERIES, series.value()));
        assertThat(documents).hasSize(1);
        assertThat(documents.get(0).getInt32(BucketFields.COUNT).getValue()).isEqualTo(7);
        assertThat(store.read(series, TimeRange.of(BASE, clock.instant()), 100)).containsExactlyElementsOf(expected);
    }

    @Test
    void wholeWindowAggregatesOfSealedWindowsDecodeNothingAndEqualBruteForce() {
        // given: a sealed day
        SeriesId series = freshSeries("nodecode");
        List<Reading> day = sealedDay(series);
        TimeRange all = TimeRange.of(BASE, BASE.plus(Duration.ofDays(1)));

        // when: hourly and daily windows (edges included), then a range read
        long before = SealedColumns.decodes();
        List<WindowAggregate> hourly = store.aggregate(series, all, Duration.ofHours(1));
        List<WindowAggregate> daily = store.aggregateAll(all, Duration.ofDays(1), 1_000_000);
        long afterAggregates = SealedColumns.decodes();
        store.read(series, all, 10);

        // then
        assertThat(afterAggregates - before).as("decodes by whole-window aggregates").isZero();
        assertThat(SealedColumns.decodes()).as("a range read does decode, so the counter counts").isGreaterThan(afterAggregates);
        assertSameWindows(hourly, day, Duration.ofHours(1));
        assertSameWindows(daily.stream().filter(w -> w.series().equals(series)).toList(), day, Duration.ofDays(1));
    }

    private MongoBucketReadingStore sealed(Duration sealAfter) {
        return MongoBucketReadingStore.open(MongoLane.freshSettings().withLayout(DocumentLayout.SEALED, sealAfter),
                BucketPolicy.defaults(), RetentionPolicy.defaults(), clock, false);
    }

    /** A day of sensor readings in a store sealing 10 minutes after a window's end, stored and sealed. */
    private List<Reading> sealedDay(SeriesId series) {
        store = sealed(Duration.ofMinutes(10));
        List<Reading> day = sensorDay(series);
        store.store(day);
        store.seal();
        return day;
    }

    private static List<Reading> sensorDay(SeriesId series) {
        List<Reading> day = new ArrayList<>();
        for (int minute = 0; minute < 24 * 60; minute++) {
            day.add(sensor(series, BASE.plus(Duration.ofMinutes(minute)), 20 + (minute % 97) / 10.0));
        }
        return day;
    }

    private static void assertSameWindows(List<WindowAggregate> actual, List<Reading> readings, Duration window) {
        WindowAggregator bruteForce = new WindowAggregator(readings.get(0).series(), window);
        readings.forEach(bruteForce::add);
        List<WindowAggregate> expected = bruteForce.result();
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            WindowAggregate want = expected.get(i);
            WindowAggregate got = actual.get(i);
            assertThat(got.start()).isEqualTo(want.start());
            assertThat(got.count()).isEqualTo(want.count());
            want.fields().forEach((name, field) -> {
                assertThat(got.fields().get(name).first()).as("first %s", name).isEqualTo(field.first());
                assertThat(got.fields().get(name).last()).as("last %s", name).isEqualTo(field.last());
                assertThat(got.fields().get(name).min()).isEqualTo(field.min());
                assertThat(got.fields().get(name).max()).isEqualTo(field.max());
                assertThat(got.fields().get(name).count()).isEqualTo(field.count());
                assertThat(got.fields().get(name).sum()).isCloseTo(field.sum(), org.assertj.core.api.Assertions.within(1e-6));
            });
        }
    }
}
