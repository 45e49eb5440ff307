package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static org.assertj.core.api.Assertions.assertThat;

/** Series ids that a prefix match or an unescaped regular expression would confuse stay apart in every operation. */
class SeriesIsolationTest {

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void idsThatLookLikePatternsOrPrefixesNeverMatchEachOther(boolean paged) {
        // given
        BucketPolicy policy = paged ? BucketPolicy.paged(2) : BucketPolicy.windowed(Duration.ofHours(1), 2);
        try (MongoBucketReadingStore store = TestData.store(policy)) {
            List<SeriesId> ids = List.of(new SeriesId("123"), new SeriesId("1234"), new SeriesId("a.b"),
                    new SeriesId("axb"), new SeriesId("a.b.c"), new SeriesId("a:b@c-d_e"));
            List<Reading> all = new ArrayList<>();
            for (int i = 0; i < ids.size(); i++) {
                all.addAll(TestData.every(ids.get(i), minute(i), Duration.ofMinutes(7), 5));
            }
            store.store(all);
            TimeRange range = TimeRange.of(TestData.BASE, minute(600));

            // when / then
            for (SeriesId id : ids) {
                List<Reading> own = all.stream().filter(r -> r.series().equals(id)).toList();
                assertThat(store.read(id, range, 100)).as("range of %s", id).containsExactlyElementsOf(own);
                assertThat(store.latest(id, TestData.BASE)).as("latest of %s", id).contains(own.get(4));
                assertThat(store.page(id, 2, 2, TestData.BASE)).as("page of %s", id).isEqualTo(own.subList(2, 4));
                assertThat(store.aggregate(id, range, Duration.ofHours(1)))
                        .as("aggregate of %s", id).allMatch(w -> w.series().equals(id) && w.count() == 5);
            }
            assertThat(store.deleteSeries(new SeriesId("123"))).isEqualTo(5);
            assertThat(store.deleteSeries(new SeriesId("a.b"))).isEqualTo(5);
            assertThat(store.read(new SeriesId("1234"), range, 100)).hasSize(5);
            assertThat(store.read(new SeriesId("axb"), range, 100)).hasSize(5);
            assertThat(store.read(new SeriesId("a.b.c"), range, 100)).hasSize(5);
            assertThat(store.statistics().series()).isEqualTo(4);
        }
    }
}
