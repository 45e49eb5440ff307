package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Test;
import io.bucketry.application.contract.WindowAssertions;
import io.bucketry.domain.GroupAggregator;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.TimeRange;
import java.util.TreeMap;
import java.util.stream.Collectors;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What tags cost and save on mongo-bucket, measured on the stored documents: bytes per reading of the
 * seed 002 sensor (one reading a minute, hourly buckets) with two tags against none, and the buckets a
 * filter selecting 1% of the series reads (the index bounds are the filter) against a scan of the range.
 */
class TagCostTest {

    private static final BucketPolicy HOURLY = BucketPolicy.windowed(Duration.ofHours(1), 1000);

    @Test
    void twoTagsCostLessThanOneBytePerReadingOfAnHourlyBucket() {
        // given: the same 20 sensors x 3 hours, with building and type tags and without
        try (MongoBucketReadingStore tagged = TestData.store(HOURLY);
             MongoBucketReadingStore bare = TestData.store(HOURLY)) {
            List<Reading> readings = new ArrayList<>();
            for (int s = 0; s < 20; s++) {
                SeriesMeta meta = SeriesMeta.of(new Tags(Map.of("building", "b" + (100 + s), "type", "t" + s % 5)));
                for (int m = 0; m < 180; m++) {
                    readings.add(sensor(new SeriesId("cost-" + s), minute(m), 20 + m % 7).withMeta(meta));
                }
            }
            tagged.store(readings);
            bare.store(readings.stream().map(r -> r.withMeta(SeriesMeta.NONE)).toList());

            // when
            double withTags = bytesPerReading(tagged, readings.size());
            double without = bytesPerReading(bare, readings.size());

            // then
            System.out.printf("[bucketry] mongo-bucket rows, 60 readings a bucket: %.2f B/reading with 2 tags,"
                    + " %.2f without, +%.2f%n", withTags, without, withTags - without);
            assertThat(withTags - without).isPositive().isLessThanOrEqualTo(1.0);
        }
    }

    @Test
    void theAttributePatternAsKeyValueDocumentsWouldCostAboutTwiceTheFoldedPairs() {
        BsonDocument folded = BucketMeta.append(new BsonDocument(), SeriesMeta.of(new Tags(Map.of("building", "b123",
                "type", "t3"))));
        BsonArray pairs = new BsonArray();
        pairs.add(new BsonDocument("k", new BsonString("building")).append("v", new BsonString("b123")));
        pairs.add(new BsonDocument("k", new BsonString("type")).append("v", new BsonString("t3")));
        BsonDocument attributes = new BsonDocument(BucketMeta.TAGS, pairs);

        int foldedBytes = size(folded);
        int attributeBytes = size(attributes);

        System.out.println("[bucketry] two tags per bucket: " + foldedBytes + " B folded pairs, " + attributeBytes
                + " B [{k, v}]");
        assertThat(attributeBytes).isGreaterThan(foldedBytes * 3 / 2);
    }

    @Test
    void aFilterSelectingOnePercentOfTheSeriesReadsOnePercentOfTheBucketsOfItsRange() {
        // given: 300 sensors in 100 buildings (3 each), 4 hours each
        try (MongoBucketReadingStore store = TestData.store(HOURLY)) {
            List<Reading> readings = new ArrayList<>();
            for (int s = 0; s < 300; s++) {
                SeriesMeta meta = SeriesMeta.of(Tags.of("building", "b" + s % 100));
                for (int m = 0; m < 240; m += 20) {
                    readings.add(value(new SeriesId("one-" + s), minute(m), m).withMeta(meta));
                }
            }
            store.store(readings);
            long from = minute(60).toEpochMilli();
            long to = minute(180).toEpochMilli();
            Bson range = new BucketQueries(store.collection(), HOURLY).overlapping(null, from, to);
            TagFilter onePercent = TagFilter.of(TagFilter.Condition.oneOf("building", "b7"));

            // when: what the {tags, start} index bounds select, against what a scan of the range reads
            long filtered = store.collection().countDocuments(BucketMeta.and(range, onePercent));
            long scan = store.collection().countDocuments(range);

            // then
            System.out.println("[bucketry] 1% tag filter: " + filtered + " buckets of " + scan + " in the range");
            assertThat(scan).isEqualTo(300 * 2);
            assertThat(filtered).isEqualTo(3 * 2);
            assertThat((double) filtered / scan).isLessThanOrEqualTo(0.02);
        }
    }

    @Test
    void theGroupedAlertingQueryFromSubWindowsReadsSummariesOnlyAndEqualsTheBruteForce() {
        // given: 100 sensors in 25 buildings, one reading a minute for an hour, hourly buckets with 5-minute sub-windows
        try (MongoBucketReadingStore store = TestData.store(SubWindowDocs.HOURLY_5M)) {
            List<Reading> readings = new ArrayList<>();
            for (int s = 0; s < 100; s++) {
                SeriesMeta meta = SeriesMeta.of(Tags.of("building", "b" + s % 25));
                for (int m = 0; m < 60; m++) {
                    readings.add(sensor(new SeriesId("alert-" + (1000 + s)), minute(m), 20 + (s + m) % 9).withMeta(meta));
                }
            }
            store.store(readings);
            WireTap tap = WireTap.on(store);
            TimeRange last10 = TimeRange.of(minute(50), minute(60));

            // when: five-minute windows per building over the last 10 minutes
            List<GroupWindows> groups = store.aggregateGroups(TagFilter.ANY, GroupBy.of("building"), last10,
                    Duration.ofMinutes(5), 10_000);

            // then: the brute force's answer, and no reading left the server
            GroupAggregator brute = new GroupAggregator(GroupBy.of("building"), Duration.ofMinutes(5));
            new TreeMap<>(readings.stream().filter(r -> r.epochMilli() >= minute(50).toEpochMilli())
                    .collect(Collectors.groupingBy(Reading::series))).forEach((series, own) -> {
                        brute.series(series);
                        brute.addAll(own);
                    });
            assertThat(groups).hasSize(25);
            WindowAssertions.assertSameWindows(groups.stream().flatMap(g -> g.windows().stream()).toList(),
                    brute.result().stream().flatMap(g -> g.windows().stream()).toList());
            assertThat(tap.returnedReadings).as("readings returned").isZero();
            System.out.println("[bucketry] grouped alerting (25 buildings x 4 sensors, 5-min windows, last 10 min): "
                    + tap.returnedBytes / 25 + " bytes returned per group, " + tap.returnedReadings + " readings, "
                    + tap.returnedDocuments + " documents");
        }
    }

    private static double bytesPerReading(MongoBucketReadingStore store, int readings) {
        long bytes = 0;
        for (RawBsonDocument document : store.collection().withDocumentClass(RawBsonDocument.class).find(Filters.empty())) {
            bytes += document.getByteBuffer().remaining();
        }
        return (double) bytes / readings;
    }

    private static int size(BsonDocument document) {
        return new RawBsonDocument(document, new BsonDocumentCodec()).getByteBuffer().remaining();
    }
}
