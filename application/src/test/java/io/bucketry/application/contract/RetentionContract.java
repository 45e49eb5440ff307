package io.bucketry.application.contract;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.ContractSupport.readAll;
import static io.bucketry.application.contract.Fixtures.BASE;
import static io.bucketry.application.contract.Fixtures.NOW;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.input;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Contract theme: with a moving clock, expired readings vanish from every query at once, are
 * refused on ingest, and are physically reclaimed after the grace period. Retention here is one
 * day with one hour of grace and of future tolerance.
 */
public interface RetentionContract extends ContractSupport {

    Duration DAY = Duration.ofDays(1);
    ApplicationSettings SETTINGS = ApplicationSettings.defaults()
            .withRetention(new RetentionPolicy(DAY, Duration.ofHours(1), Duration.ofHours(1)));

    @Test
    default void readingsBecomeInvisibleToEveryQueryTheMillisecondTheyExpire() {
        // given: an old reading, two newer ones, and a series with only an older reading
        UseCases use = useCases(store(), SETTINGS);
        SeriesId series = freshSeries("ret");
        SeriesId gone = freshSeries("ret");
        Reading old = value(series, at(minutes(30)), 1);
        Reading middle = value(series, at(Duration.ofHours(5)), 2);
        Reading newest = value(series, at(Duration.ofHours(20)), 3);
        ingest(use, List.of(old, middle, newest, value(gone, at(minutes(20)), 4)));

        // when: the old reading is exactly as old as the retention
        clock().set(old.time().plus(DAY));

        // then: it is still visible
        assertThat(readAll(use, series)).containsExactly(old, middle, newest);

        // when: one millisecond later
        clock().advance(Duration.ofMillis(1));

        // then: no query returns it, nor anything of the older series
        assertThat(readAll(use, series)).containsExactly(middle, newest);
        assertThat(use.read().read(series, BASE, NOW, 10)).containsExactly(middle, newest);
        assertThat(use.page().page(series, 1, 2)).contains(List.of(middle, newest));
        assertThat(use.latest().latest(gone)).isEmpty();
        assertThat(readAll(use, gone)).isEmpty();
        assertThat(use.aggregate().aggregate(series, BASE, NOW, Duration.ofHours(1)))
                .extracting(w -> w.start()).containsExactly(middle.time(), newest.time());
        assertThat(use.aggregateAll().aggregateAll(BASE, NOW, Duration.ofHours(1)))
                .extracting(w -> w.series() + "@" + w.start())
                .containsExactly(series + "@" + middle.time(), series + "@" + newest.time());
    }

    @Test
    default void expiredAndFutureReadingsAreRefusedAgainstTheMovingClock() {
        // given: the clock two hours on
        UseCases use = useCases(store(), SETTINGS);
        SeriesId series = freshSeries("ret");
        clock().advance(Duration.ofHours(2));
        Instant now = clock().instant();

        // when
        IngestReport report = use.ingest().ingest(List.of(
                input(value(series, now.minus(DAY).minusMillis(1), 0)),
                input(value(series, now.minus(DAY), 1)),
                input(value(series, now.plus(Duration.ofHours(1)).plusMillis(1), 2)),
                input(value(series, now.plus(Duration.ofHours(1)), 3))));

        // then
        assertThat(report.rejected()).extracting(Rejection::index, Rejection::reason)
                .containsExactly(tuple(0, RejectionReason.EXPIRED),
                        tuple(2, RejectionReason.FUTURE));
        assertThat(report.accepted()).isEqualTo(2);
        assertThat(readAll(use, series)).containsExactly(value(series, now.minus(DAY), 1),
                value(series, now.plus(Duration.ofHours(1)), 3));
    }

    @Test
    default void reclaimRemovesBucketsPastRetentionAndGraceAndNothingElse() {
        // given: five old readings (three buckets of two) in the first hour, two recent ones
        UseCases use = useCases(store(BucketPolicy.windowed(Duration.ofHours(1), 2)), SETTINGS);
        SeriesId series = freshSeries("ret");
        List<Reading> old = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            old.add(value(series, at(minutes(10L * i)), i));
        }
        List<Reading> recent = List.of(value(series, at(Duration.ofHours(5)), 10),
                value(series, at(Duration.ofHours(5).plusMinutes(1)), 11));
        ingest(use, old);
        ingest(use, recent);
        StorageStatistics before = use.describe().describe();

        // when: the old readings are expired, but still within the grace period
        clock().set(BASE.plus(DAY).plus(minutes(50)));
        long early = use.reclaim().reclaim();

        // then: they are hidden, yet still stored
        assertThat(early).isZero();
        assertThat(use.describe().describe().readings()).isEqualTo(7);
        assertThat(readAll(use, series)).containsExactlyElementsOf(recent);

        // when: the whole first hour is past retention and grace
        clock().set(BASE.plus(DAY).plus(Duration.ofHours(2)));
        long reclaimed = use.reclaim().reclaim();

        // then: their buckets are gone, the recent ones stay
        StorageStatistics after = use.describe().describe();
        assertThat(reclaimed).isPositive().isEqualTo(before.buckets() - after.buckets());
        assertThat(after.readings()).isEqualTo(2);
        assertThat(after.buckets()).isPositive();
        assertThat(readAll(use, series)).containsExactlyElementsOf(recent);
        assertThat(use.reclaim().reclaim()).isZero();
    }

    @Test
    default void reclaimKeepsABucketThatStillHoldsAnUnexpiredReading() {
        // given: one four-hour bucket with a reading near each end
        UseCases use = useCases(store(BucketPolicy.windowed(Duration.ofHours(4), 1000)), SETTINGS);
        SeriesId series = freshSeries("ret");
        Reading early = value(series, at(Duration.ofHours(4).plusMinutes(10)), 1);
        Reading late = value(series, at(Duration.ofHours(7).plusMinutes(50)), 2);
        ingest(use, List.of(early, late));

        // when: the early reading is past retention and grace, the late one not even expired
        clock().set(BASE.plus(DAY).plus(Duration.ofHours(6)));
        long reclaimed = use.reclaim().reclaim();

        // then: the bucket stays, and only the late reading is visible
        assertThat(reclaimed).isZero();
        assertThat(use.describe().describe().readings()).isEqualTo(2);
        assertThat(readAll(use, series)).containsExactly(late);
    }
}
