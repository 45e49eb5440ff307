package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.ContractSupport.readAll;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Contract theme: with the clock between two milliseconds, the retention cut of {@code latest} and
 * {@code page} (and of the range queries) falls where ingest's does. Reading times are whole
 * milliseconds; a reading is expired once it is older than now − retention, so a cut at
 * {@code t + 0.5 ms} hides the reading at {@code t} and keeps the one at {@code t + 1 ms}.
 */
public interface SubMillisecondClockContract extends ContractSupport {

    Duration HALF_A_MILLISECOND = Duration.ofNanos(500_000);
    Duration RETENTION = RetentionPolicy.DEFAULT_RETENTION;
    /** The instant the readings of these tests lie around. */
    Instant T = at(minutes(30));

    @Test
    default void readingThatExpiredHalfAMillisecondAgoIsNeitherLatestNorOnAPage() {
        // given: readings 1 ms apart around t, and a series whose only reading is at t
        UseCases use = useCases(store());
        SeriesId series = freshSeries("sub");
        SeriesId onlyAtT = freshSeries("sub");
        List<Reading> readings = ingestAroundT(use, series, onlyAtT);

        // when: the clock half a millisecond past the instant t expires
        clock().set(T.plus(RETENTION).plus(HALF_A_MILLISECOND));

        // then: t is expired, t + 1 ms is not
        assertThat(use.latest().latest(onlyAtT)).as("latest of a series whose only reading expired").isEmpty();
        assertThat(use.page().page(onlyAtT, 1, 10)).as("page of a series whose only reading expired").isEmpty();
        assertThat(use.page().page(series, 1, 10)).contains(readings.subList(2, 4));
        assertThat(use.page().page(series, 1, 1)).contains(readings.subList(2, 3));
        assertThat(use.page().page(series, 2, 1)).contains(readings.subList(3, 4));
        assertThat(use.latest().latest(series)).contains(readings.get(3));
        assertThat(readAll(use, series)).containsExactlyElementsOf(readings.subList(2, 4));
    }

    @Test
    default void readingThatExpiresInHalfAMillisecondIsStillLatestAndOnItsPage() {
        // given: readings 1 ms apart around t, and a series whose only reading is at t
        UseCases use = useCases(store());
        SeriesId series = freshSeries("sub");
        SeriesId onlyAtT = freshSeries("sub");
        List<Reading> readings = ingestAroundT(use, series, onlyAtT);

        // when: the clock half a millisecond before the instant t expires
        clock().set(T.plus(RETENTION).minus(HALF_A_MILLISECOND));

        // then: t - 1 ms is expired, t is not
        assertThat(use.latest().latest(onlyAtT)).contains(value(onlyAtT, T, 9));
        assertThat(use.page().page(onlyAtT, 1, 10)).contains(List.of(value(onlyAtT, T, 9)));
        assertThat(use.page().page(series, 1, 10)).contains(readings.subList(1, 4));
        assertThat(use.page().page(series, 1, 1)).contains(readings.subList(1, 2));
        assertThat(use.page().page(series, 3, 1)).contains(readings.subList(3, 4));
        assertThat(use.page().page(series, 4, 1)).isEmpty();
        assertThat(readAll(use, series)).containsExactlyElementsOf(readings.subList(1, 4));
    }

    @Test
    default void ingestAndQueriesDrawTheSameLineBetweenTwoMilliseconds() {
        // given: the clock half a millisecond past the instant t expires
        UseCases use = useCases(store());
        SeriesId series = freshSeries("sub");
        clock().set(T.plus(RETENTION).plus(HALF_A_MILLISECOND));

        // when: readings at t and t + 1 ms arrive
        IngestReport report = use.ingest().ingest(Fixtures.inputs(List.of(value(series, T, 1), value(series, T.plusMillis(1), 2))));

        // then: what ingest refused as expired no query could have shown, and what it kept every query shows
        assertThat(report.accepted()).isEqualTo(1);
        assertThat(report.rejected()).extracting(Rejection::index, Rejection::reason)
                .containsExactly(tuple(0, RejectionReason.EXPIRED));
        assertThat(use.latest().latest(series)).contains(value(series, T.plusMillis(1), 2));
        assertThat(use.page().page(series, 1, 10)).contains(List.of(value(series, T.plusMillis(1), 2)));
    }

    /** Ingests readings of {@code series} at t − 1 ms, t, t + 1 ms and t + 2 ms (answered in that order), and one of {@code onlyAtT} at t. */
    private static List<Reading> ingestAroundT(UseCases use, SeriesId series, SeriesId onlyAtT) {
        List<Reading> readings = List.of(value(series, T.minusMillis(1), 0), value(series, T, 1),
                value(series, T.plusMillis(1), 2), value(series, T.plusMillis(2), 3));
        ingest(use, readings);
        ingest(use, List.of(value(onlyAtT, T, 9)));
        return readings;
    }
}
