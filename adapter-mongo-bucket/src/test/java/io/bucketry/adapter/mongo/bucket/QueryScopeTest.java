package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;
import org.bson.BsonArray;
import org.bson.BsonString;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Date;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a query reads, shown by tampering with stored buckets a query must not look into: if it
 * read them, its answer would change or fail.
 */
class QueryScopeTest {

    @Test
    void rangeReadLooksOnlyIntoBucketsOverlappingTheRange() {
        // given: 24 hourly buckets, all but hours 10 and 11 made unreadable
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("scope");
            List<Reading> readings = TestData.every(series, minute(0), Duration.ofMinutes(10), 144);
            store.store(readings);
            store.collection().updateMany(Filters.and(Filters.eq("series", series.value()),
                    Filters.or(Filters.lt("start", new Date(minute(600).toEpochMilli())),
                            Filters.gt("start", new Date(minute(660).toEpochMilli())))),
                    Updates.set("readings", new BsonString("unreadable")));

            // when / then
            assertThat(store.read(series, TimeRange.of(minute(600), minute(720)), 100))
                    .isEqualTo(readings.subList(60, 72));
            assertThatThrownBy(() -> store.read(series, TimeRange.of(minute(590), minute(720)), 100))
                    .as("the tampering is seen when a query does look").isInstanceOf(RuntimeException.class);
        }
    }

    @Test
    void dailyAggregateUsesSummariesOfWholeBucketsAndReadingsOnlyWhereFirstOrLastLie() {
        // given: a day of hourly buckets; the readings of hours 1..22 are removed, their summaries kept
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.defaults())) {
            SeriesId series = TestData.freshSeries("scope");
            List<Reading> readings = TestData.every(series, minute(0), Duration.ofMinutes(10), 144);
            store.store(readings);
            store.collection().updateMany(Filters.and(Filters.eq("series", series.value()),
                    Filters.gt("start", new Date(minute(0).toEpochMilli())),
                    Filters.lt("start", new Date(minute(23 * 60).toEpochMilli()))),
                    Updates.set("readings", new BsonArray()));
            TimeRange day = TimeRange.of(TestData.BASE, TestData.BASE.plus(Duration.ofDays(1)));

            // when
            List<WindowAggregate> windows = store.aggregate(series, day, Duration.ofDays(1));

            // then: the same as brute force over the original readings, first and last included
            WindowAggregator bruteForce = new WindowAggregator(series, Duration.ofDays(1));
            readings.forEach(bruteForce::add);
            WindowAggregate expected = bruteForce.result().get(0);
            assertThat(windows).hasSize(1);
            WindowAggregate actual = windows.get(0);
            assertThat(actual.count()).isEqualTo(144);
            assertThat(actual.fields().get("value").first()).isEqualTo(expected.fields().get("value").first());
            assertThat(actual.fields().get("value").last()).isEqualTo(expected.fields().get("value").last());
            assertThat(actual.fields().get("value").min()).isEqualTo(expected.fields().get("value").min());
            assertThat(actual.fields().get("value").max()).isEqualTo(expected.fields().get("value").max());
            assertThat(actual.fields().get("value").sum()).isEqualTo(expected.fields().get("value").sum());
            assertThat(store.aggregate(series, day, Duration.ofMinutes(30)))
                    .as("narrower windows read readings, so they see the tampering: only hours 0 and 23 remain").hasSize(4);
        }
    }
}
