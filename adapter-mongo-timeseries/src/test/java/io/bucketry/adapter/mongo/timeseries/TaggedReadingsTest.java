package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import com.mongodb.client.model.Filters;
import io.bucketry.adapter.mongo.common.testing.TaggedReadings;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.application.port.out.TagsUnsupportedException;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagFilter.Condition;
import io.bucketry.domain.TimeRange;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.bucketry.adapter.mongo.common.testing.TaggedReadings.tags;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tags on mongo-timeseries: the metaField holds the series and the tags each reading was written with, a
 * duplicate sent with other tags stays a duplicate, and every tag query equals a brute force over the
 * readings as first stored ({@link TaggedReadings}). On the embedded lane this is the fallback's plain
 * collection of the same documents.
 */
class TaggedReadingsTest {

    private static final BucketPolicy HOURLY = BucketPolicy.windowed(Duration.ofHours(1), 1000);
    private static final Instant BASE = TestData.BASE;
    private static final TimeRange DAY = TimeRange.of(BASE, BASE.plus(Duration.ofDays(1)));

    private MongoTimeSeriesSettings settings;
    private MongoTimeSeriesReadingStore store;

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private TaggedReadings writeTheMove() {
        settings = MongoTestLane.get().freshSettings("tagged");
        store = MongoTimeSeriesReadingStore.open(settings, HOURLY, RetentionPolicy.defaults());
        return new TaggedReadings().writeTheMove(BASE, settings.collection(), store::store);
    }

    @Test
    void readingsKeepTheTagsTheyWereWrittenWithAndFilteredAggregatesEqualTheBruteForce() {
        TaggedReadings written = writeTheMove();
        SeriesId a = written.moved();

        assertThat(store.capabilities()).contains(Capability.TAGS);
        TagFilter building1 = TagFilter.of(Condition.oneOf("building", "1"));
        assertThat(store.read(a, building1, DAY, 1000)).isNotEmpty().containsExactlyElementsOf(written.readings(building1, a));
        assertThat(store.read(a, DAY, 1000)).containsExactlyElementsOf(written.readings(TagFilter.ANY, a));
        for (TagFilter filter : List.of(TagFilter.of(Condition.oneOf("building", "2")), TagFilter.of(Condition.any("type")),
                TagFilter.of(Condition.oneOf("building", "9")))) {
            for (Duration width : List.of(Duration.ofHours(1), Duration.ofMinutes(20))) {
                assertThat(store.aggregateAll(filter, DAY, width, 10_000)).as(filter + " " + width)
                        .isEqualTo(written.windows(filter, width));
            }
        }
        try (MongoClient client = TestData.client()) {
            Document document = TestData.collection(client, settings).find(Filters.eq("meta.series", a.value())).first();
            assertThat(document.get("meta", Document.class).get("tags", Document.class)).containsEntry("building", "1");
        }
    }

    @Test
    void groupedAggregatesMergeEachGroupsSeriesAsTheBruteForceDoes() {
        TaggedReadings written = writeTheMove();

        for (TagFilter filter : List.of(TagFilter.ANY, TagFilter.of(Condition.oneOf("type", "temp")))) {
            for (GroupBy groupBy : List.of(GroupBy.of("building"), GroupBy.of("building", "type"), GroupBy.of("floor"))) {
                for (Duration width : List.of(Duration.ofHours(1), Duration.ofMinutes(30))) {
                    assertThat(store.aggregateGroups(filter, groupBy, DAY, width, 10_000)).as(groupBy + " " + width)
                            .isNotEmpty().isEqualTo(written.groups(filter, groupBy, width));
                }
            }
        }
    }

    @Test
    void latestListingAndLatestMetaFollowEachSeriesLatestTags() {
        TaggedReadings written = writeTheMove();
        TagFilter building2 = TagFilter.of(Condition.oneOf("building", "2"));
        List<Reading> inBuilding2 = written.latest().stream().filter(r -> building2.matches(r.meta().tags())).toList();

        assertThat(store.latest(building2, BASE, 100)).hasSize(2).containsExactlyElementsOf(inBuilding2);
        assertThat(store.listSeries(building2, "", null, 100, BASE)).extracting(SeriesSummary::series)
                .containsExactlyElementsOf(inBuilding2.stream().map(Reading::series).toList());
        assertThat(store.listSeries("", null, 100, BASE)).extracting(SeriesSummary::meta)
                .containsExactlyElementsOf(written.latest().stream().map(Reading::meta).toList());
        assertThat(store.latestMeta(written.series())).hasSize(3).isEqualTo(written.latestMeta());
    }

    @Test
    void aCollectionWithoutTagsKeepsItsMetaFieldAndRefusesTagQuestionsAndTagsNamingMigrate() {
        MongoTimeSeriesSettings old = MongoTestLane.get().freshSettings("untagged").withTags(false);
        Reading tagged = Reading.of("old", BASE, Map.of("value", 1.0)).withMeta(tags("1", "temp"));
        try (MongoTimeSeriesReadingStore untagged = MongoTimeSeriesReadingStore.open(old, HOURLY, RetentionPolicy.defaults())) {
            untagged.store(List.of(tagged));
            assertThat(untagged.capabilities()).doesNotContain(Capability.TAGS);
            assertThat(untagged.read(tagged.series(), DAY, 10)).containsExactly(tagged.withMeta(SeriesMeta.NONE));
            assertThatThrownBy(() -> untagged.aggregateGroups(TagFilter.ANY, GroupBy.of("building"), DAY,
                    Duration.ofHours(1), 10)).isInstanceOf(TagsUnsupportedException.class)
                    .hasMessageContaining("mongo-timeseries collection " + old.database() + "." + old.collection())
                    .hasMessageContaining("bucketry migrate --from-config");
        }
        assertThatThrownBy(() -> MongoTimeSeriesReadingStore.open(old.withTags(true), HOURLY, RetentionPolicy.defaults()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("tags (mongoTags): stored off, configured on")
                .hasMessageContaining("bucketry migrate");
    }
}
