package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.model.Filters;
import io.bucketry.adapter.mongo.common.testing.TaggedReadings;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagFilter.Condition;
import io.bucketry.domain.TimeRange;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.Date;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.*;
import static io.bucketry.adapter.mongo.common.testing.TaggedReadings.tags;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tags on mongo-bucket, rows and sealed (sealing after every batch): a bucket keeps the tags its readings were
 * written with at its root, a re-tagged series continues in new buckets while late readings keep theirs, a
 * duplicate written with other tags stays a duplicate, and every tag query equals a brute force over the
 * readings as first stored ({@link TaggedReadings}).
 */
class TaggedBucketsTest {

    private static final BucketPolicy HOURLY = BucketPolicy.windowed(Duration.ofHours(1), 1000);
    private static final TimeRange DAY = TimeRange.of(BASE, BASE.plus(Duration.ofDays(1)));

    private final MutableClock clock = new MutableClock(BASE.plus(Duration.ofDays(2)));
    private MongoBucketReadingStore store;

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private TaggedReadings writeTheMove(DocumentLayout layout) {
        store = MongoBucketReadingStore.open(MongoLane.freshSettings().withLayout(layout, Duration.ZERO), HOURLY,
                RetentionPolicy.defaults(), clock, true);
        return new TaggedReadings().writeTheMove(BASE, Long.toString(System.nanoTime()), store::store);
    }

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void aRetaggedSeriesKeepsEachReadingUnderTheTagsItWasWrittenWith(DocumentLayout layout) {
        TaggedReadings written = writeTheMove(layout);
        SeriesId a = written.moved();

        assertThat(store.capabilities()).contains(Capability.TAGS);
        TagFilter building1 = TagFilter.of(Condition.oneOf("building", "1"));
        assertThat(store.read(a, building1, DAY, 1000)).isNotEmpty().containsExactlyElementsOf(written.readings(building1, a));
        assertThat(store.read(a, TagFilter.ANY, DAY, 1000)).containsExactlyElementsOf(written.readings(TagFilter.ANY, a));
        assertThat(store.aggregateAll(TagFilter.of(Condition.oneOf("building", "9")), DAY, Duration.ofHours(1), 1000))
                .as("a duplicate sent with other tags is not stored under them").isEmpty();
        // the window 1:00-2:00 of a holds readings of building 1 (1:10, 1:20; 1:00 and 1:05 late) and 2 (1:30-1:50)
        List<BsonDocument> window = documents(store, Filters.and(Filters.eq(BucketFields.SERIES, a.value()),
                Filters.eq(BucketFields.START, Date.from(minute(60)))));
        assertThat(window).hasSizeGreaterThanOrEqualTo(2).extracting(BucketMeta::of)
                .containsOnly(tags("1", "temp"), tags("2", "temp"));
    }

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void filteredAggregatesEqualTheBruteForceOverTheReadingsWrittenWithThoseTags(DocumentLayout layout) {
        TaggedReadings written = writeTheMove(layout);

        for (TagFilter filter : List.of(TagFilter.of(Condition.oneOf("building", "2")),
                TagFilter.of(Condition.any("building")), TagFilter.of(Condition.oneOf("type", "temp", "hum"),
                        Condition.oneOf("building", "1")))) {
            for (Duration width : List.of(Duration.ofHours(1), Duration.ofMinutes(20), Duration.ofHours(3))) {
                assertThat(store.aggregateAll(filter, DAY, width, 10_000)).as(filter + " " + width).isNotEmpty()
                        .containsExactlyElementsOf(written.windows(filter, width));
            }
        }
        SeriesId a = written.moved();
        TagFilter building2 = TagFilter.of(Condition.oneOf("building", "2"));
        assertThat(store.aggregate(a, building2, DAY, Duration.ofMinutes(30), Integer.MAX_VALUE)).containsExactlyElementsOf(
                written.windows(building2, Duration.ofMinutes(30)).stream().filter(w -> w.series().equals(a)).toList());
    }

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void groupedAggregatesMergeEachGroupsSeriesAsTheBruteForceDoes(DocumentLayout layout) {
        TaggedReadings written = writeTheMove(layout);

        for (TagFilter filter : List.of(TagFilter.ANY, TagFilter.of(Condition.oneOf("type", "temp")))) {
            for (GroupBy groupBy : List.of(GroupBy.of("building"), GroupBy.of("building", "type"), GroupBy.of("floor"))) {
                for (Duration width : List.of(Duration.ofHours(1), Duration.ofMinutes(30))) {
                    assertThat(store.aggregateGroups(filter, groupBy, DAY, width, 10_000)).as(groupBy + " " + width)
                            .isNotEmpty().isEqualTo(written.groups(filter, groupBy, width));
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void latestAndListingFollowEachSeriesLatestTags(DocumentLayout layout) {
        TaggedReadings written = writeTheMove(layout);
        TagFilter building2 = TagFilter.of(Condition.oneOf("building", "2"));
        List<Reading> inBuilding2 = written.latest().stream().filter(r -> building2.matches(r.meta().tags())).toList();

        assertThat(store.latest(building2, BASE, 100)).hasSize(2).containsExactlyElementsOf(inBuilding2);
        assertThat(store.latest(building2, minute(180), 100)).as("none at or after 3:00").isEmpty();
        assertThat(store.listSeries(building2, "", null, 100, BASE)).extracting(SeriesSummary::series)
                .containsExactlyElementsOf(inBuilding2.stream().map(Reading::series).toList());
        assertThat(store.listSeries("", null, 100, BASE)).extracting(SeriesSummary::meta)
                .containsExactlyElementsOf(written.latest().stream().map(Reading::meta).toList());
        assertThat(store.latestMeta(written.series())).hasSize(3).isEqualTo(written.latestMeta());
    }

    @ParameterizedTest
    @EnumSource(DocumentLayout.class)
    void bucketsKeepTheirTagsAtTheRootAndUntaggedOnesStayBare(DocumentLayout layout) {
        writeTheMove(layout);
        store.seal();

        List<BsonDocument> documents = documents(store, Filters.exists(BucketFields.SERIES));
        assertThat(documents).allSatisfy(document -> {
            boolean untagged = document.getString(BucketFields.SERIES).getValue().startsWith("d-");
            assertThat(document.containsKey(BucketMeta.TAGS)).isEqualTo(!untagged);
            assertThat(document.containsKey(BucketMeta.MEASUREMENT)).isFalse();
        });
        if (layout == DocumentLayout.SEALED) {
            assertThat(documents).filteredOn(d -> d.containsKey(BucketFields.COLS)).isNotEmpty()
                    .allSatisfy(d -> assertThat(d.getString(BucketFields.SERIES).getValue().startsWith("d-")
                            || d.isArray(BucketMeta.TAGS)).isTrue());
        }
    }
}
