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
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The sealer's fold cut after each of its steps (a failing hook stands for a crash or a cut
 * connection): at that instant every query sees each reading exactly once, the next sweep
 * completes the fold, and a late writer racing it at that instant loses nothing and stores no
 * duplicate. The window overflows (3 readings per bucket), so sealing it is a fold of 4 documents.
 */
class SealingStepsTest {

    private static final BucketPolicy.Windowed POLICY = BucketPolicy.windowed(Duration.ofHours(1), 3);
    private final MutableClock clock = new MutableClock(BASE.plus(Duration.ofHours(2)));
    private MongoBucketReadingStore store;

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    @ParameterizedTest
    @EnumSource(WindowSealer.Step.class)
    void aFoldCutAfterAnyStepShowsEachReadingOnceAndTheNextSweepCompletesIt(WindowSealer.Step cut) {
        // given: ten readings of one ended window in four row documents
        store = sealedStore();
        SeriesId series = freshSeries("cut");
        List<Reading> readings = every(series, BASE, Duration.ofMinutes(5), 10);
        store.store(readings);
        List<String> seen = new ArrayList<>();
        store.sealer().hook((step, s, start) -> {
            assertExactlyOnce(series, readings); // a reader at this very instant
            seen.add(step.name());
            if (step == cut) {
                throw new IllegalStateException("cut after " + step);
            }
        });

        // when: the fold is cut after the step
        assertThatThrownBy(store::seal).hasMessageContaining("cut after " + cut);

        // then: every query sees each reading once, and the next sweep completes the fold
        assertExactlyOnce(series, readings);
        store.sealer().hook((step, s, start) -> assertExactlyOnce(series, readings));
        store.seal();
        assertExactlyOnce(series, readings);
        List<BsonDocument> documents = documents(store, Filters.eq(BucketFields.SERIES, series.value()));
        assertThat(documents).as("documents after the fold cut after %s (steps run: %s)", cut, seen).hasSize(1);
        assertThat(documents.get(0).containsKey(BucketFields.COLS)).isTrue();
        assertThat(documents.get(0).containsKey(BucketFields.READINGS)).isFalse();
        assertThat(documents.get(0).getInt32(BucketFields.COUNT).getValue()).isEqualTo(10);
        assertThat(documents.get(0).getInt32(BucketFields.SEQ).getValue()).isEqualTo(3);
        assertThat(stubSeqs(store, series)).as("stubs left at the keys of the folded documents").containsExactly(0, 1, 2);
        // the store's collection holds this series only: the stubs are no buckets and hold no readings
        assertThat(store.statistics().buckets()).as("buckets described").isEqualTo(1);
        assertThat(store.statistics().readings()).as("readings described").isEqualTo(10);
    }

    @ParameterizedTest
    @EnumSource(WindowSealer.Step.class)
    void aLateWriterRacingTheFoldAtAnyStepLosesNothingAndStoresNoDuplicate(WindowSealer.Step at) {
        // given
        store = sealedStore();
        SeriesId series = freshSeries("race");
        List<Reading> readings = every(series, BASE, Duration.ofMinutes(5), 10);
        store.store(readings);
        Reading late = value(series, BASE.plus(Duration.ofMinutes(57)), 99);
        List<StoreResult> results = new ArrayList<>();
        store.sealer().hook((step, s, start) -> {
            if (step == at && results.isEmpty()) {
                // a late reading and a resent one arrive at this instant of the fold (once: the sweep folds again after)
                results.add(store.store(List.of(late, readings.get(4))));
            }
        });

        // when: the sweep runs (and maybe stops early: a writer took its seq), then once more
        store.seal();
        store.sealer().hook((step, s, start) -> { });
        store.seal();

        // then
        List<Reading> expected = new ArrayList<>(readings);
        expected.add(late);
        expected.sort(Comparator.comparingLong(Reading::epochMilli));
        assertThat(results).containsExactly(new StoreResult(1, 1));
        assertExactlyOnce(series, expected);
        assertThat(documents(store, Filters.eq(BucketFields.SERIES, series.value())))
                .as("documents once sealing caught up").hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(WindowSealer.Step.class)
    void aSeriesDeletedAtAnyStepOfTheFoldStaysDeleted(WindowSealer.Step at) {
        // given: one series whose window is folded, and another one of the same window that is not deleted
        store = sealedStore();
        SeriesId series = freshSeries("deleted");
        SeriesId kept = freshSeries("kept");
        List<Reading> readings = every(series, BASE, Duration.ofMinutes(5), 10);
        List<Reading> others = every(kept, BASE, Duration.ofMinutes(5), 10);
        store.store(readings);
        store.store(others);
        List<Long> deleted = new ArrayList<>();
        store.sealer().hook((step, s, start) -> {
            if (step == at && s.equals(series) && deleted.isEmpty()) {
                deleted.add(store.deleteSeries(series)); // another caller deletes the series at this instant of its fold
            }
        });

        // when
        store.seal();
        store.sealer().hook((step, s, start) -> { });
        store.seal();

        // then: nothing of the deleted series comes back, and the other one is whole
        // exact at every step: between the replace and the stubs, the window's readings are counted once
        assertThat(deleted).as("readings the delete reported at %s", at).containsExactly(10L);
        assertThat(store.read(series, TimeRange.of(BASE, BASE.plus(Duration.ofHours(1))), Integer.MAX_VALUE)).isEmpty();
        assertThat(store.collection().countDocuments(Filters.eq(BucketFields.SERIES, series.value())))
                .as("documents (stubs included) after a delete at %s", at).isZero();
        assertExactlyOnce(kept, others);
    }

    private MongoBucketReadingStore sealedStore() {
        return MongoBucketReadingStore.open(MongoLane.freshSettings().withLayout(DocumentLayout.SEALED, Duration.ZERO),
                POLICY, RetentionPolicy.defaults(), clock, false);
    }

    /** Range, page, latest and a whole-window aggregate all answer each reading once. */
    private void assertExactlyOnce(SeriesId series, List<Reading> expected) {
        TimeRange all = TimeRange.of(BASE, BASE.plus(Duration.ofHours(1)));
        assertThat(store.read(series, all, Integer.MAX_VALUE)).as("range").containsExactlyElementsOf(expected);
        assertThat(store.page(series, 1, expected.size(), Instant.EPOCH)).as("page").containsExactlyElementsOf(expected);
        assertThat(store.latest(series, Instant.EPOCH)).as("latest").contains(expected.get(expected.size() - 1));
        List<WindowAggregate> windows = store.aggregate(series, all, Duration.ofHours(1));
        assertThat(windows).as("aggregate").hasSize(1);
        assertThat(windows.get(0).count()).as("aggregate count").isEqualTo(expected.size());
        TreeMap<Long, Double> values = new TreeMap<>();
        expected.forEach(r -> values.put(r.epochMilli(), r.fields().number("value")));
        assertThat(windows.get(0).fields().get("value").sum()).as("aggregate sum")
                .isEqualTo(values.values().stream().mapToDouble(Double::doubleValue).sum());
    }
}
