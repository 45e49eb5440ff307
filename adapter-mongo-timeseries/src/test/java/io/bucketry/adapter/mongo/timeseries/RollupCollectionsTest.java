package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TierSlice;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.TimeRange;
import org.bson.Document;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * On a real server: the tier windows live in a plain collection beside the native time-series one
 * (which cannot be a $merge target), and writing a window twice leaves one document.
 */
class RollupCollectionsTest {

    private final MongoTestLane lane = MongoTestLane.get();

    @Test
    void tierWindowsLiveInAPlainCollectionBesideTheTimeSeriesOneAndAreReplacedNotAdded() {
        assumeFalse(lane.isEmbedded(), MongoTestLane.embeddedReason("that rollups sit in a plain collection beside it"));
        MongoTimeSeriesSettings settings = lane.freshSettings("rollupcoll");
        try (MongoTimeSeriesReadingStore store = TestData.open(settings); MongoClient client = TestData.client()) {
            StoreRollups rollups = store.rollups();
            Instant start = Instant.parse("2030-07-21T00:00:00Z");
            SeriesId series = SeriesId.of("rollup-coll");
            long t = start.toEpochMilli();
            Map<String, FieldSpan> fields = new HashMap<>(Map.of("v", new FieldSpan(2, 1, 3, 4, t, 1, t + 60_000, 3)));
            RollupWindow window = new RollupWindow(series, Duration.ofHours(1), start,
                    new TierWindow(series, start, start.plus(Duration.ofHours(1)), List.of(new TierSlice(Tags.NONE, 2, fields))));
            rollups.replace(List.of(window));
            rollups.replace(List.of(window));

            Map<String, String> types = new HashMap<>();
            for (Document entry : client.getDatabase(settings.database()).listCollections()) {
                types.put(entry.getString("name"), entry.getString("type"));
            }
            assertThat(types).containsEntry(settings.collection(), "timeseries")
                    .containsEntry(settings.collection() + ".rollups", "collection");
            assertThat(rollups.read(series, Duration.ofHours(1), new TimeRange(start, start.plus(Duration.ofDays(1)))))
                    .containsExactly(window.aggregate());
        }
    }
}
