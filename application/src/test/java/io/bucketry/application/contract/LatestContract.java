package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;

/** Contract theme: the latest reading of a series is the one with the greatest time, whatever the arrival order. */
public interface LatestContract extends ContractSupport {

    @Test
    default void latestIsTheReadingWithTheGreatestTime() {
        // given: readings over several buckets, the newest not ingested last
        UseCases use = useCases(store());
        SeriesId series = freshSeries("lt");
        Reading newest = value(series, at(Duration.ofHours(20)).plusMillis(1), 3);
        ingest(use, List.of(value(series, at(minutes(10)), 1), newest, value(series, at(Duration.ofHours(20)), 2)));

        // when / then
        assertThat(use.latest().latest(series)).contains(newest);
    }

    @Test
    default void latestIsUnchangedByALateOlderReading() {
        // given
        UseCases use = useCases(store(BucketPolicy.windowed(Duration.ofHours(1), 2)));
        SeriesId series = freshSeries("lt");
        Reading newest = value(series, at(minutes(50)), 2);
        ingest(use, List.of(value(series, at(minutes(40)), 1), newest));

        // when: an older reading arrives after it, into a new overflow bucket
        ingest(use, List.of(value(series, at(minutes(45)), 9)));

        // then
        assertThat(use.latest().latest(series)).contains(newest);
    }

    @Test
    default void latestOfAnUnknownSeriesIsEmpty() {
        // given
        UseCases use = useCases(store());
        SeriesId series = freshSeries("lt");
        ingest(use, List.of(value(series, at(minutes(1)), 1)));

        // when / then
        assertThat(use.latest().latest(freshSeries("lt"))).isEmpty();
    }

    @Test
    default void latestIsNeverTakenFromASeriesWhoseIdExtendsThisOne() {
        // given: the longer id has the newer reading
        UseCases use = useCases(store());
        SeriesId series = freshSeries("lt");
        SeriesId longer = new SeriesId(series.value() + "4");
        SeriesId dotted = new SeriesId(series.value() + ".x");
        Reading own = value(series, at(minutes(5)), 1);
        ingest(use, List.of(own, value(longer, at(minutes(50)), 2), value(dotted, at(minutes(55)), 3)));

        // when / then
        assertThat(use.latest().latest(series)).contains(own);
    }
}
