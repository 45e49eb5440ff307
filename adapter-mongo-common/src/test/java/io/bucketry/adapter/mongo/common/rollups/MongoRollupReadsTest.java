package io.bucketry.adapter.mongo.common.rollups;

import com.mongodb.MongoNamespace;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.FlatSlices;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TierSlice;
import io.bucketry.domain.TierSliceSink;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Tier windows read from MongoDB into a sink ({@link MongoRollupStore#readAllTagged}): in order, and no further than it asks. */
class MongoRollupReadsTest {

    private static final Instant START = Instant.parse("2026-07-01T10:00:00Z");
    private static final Duration HOUR = Duration.ofHours(1);
    private static final MongoFailures FAILURES = new MongoFailures("lane", 10000L, "the key mongoTimeout", 10000, "test");

    private MongoServer server;
    private MongoClient client;
    private MongoRollupStore store;

    @BeforeEach
    void start() {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        client = MongoClients.create("mongodb://127.0.0.1:" + server.getLocalAddress().getPort());
        store = MongoRollupStore.open(client, new MongoNamespace("reads", "r_" + UUID.randomUUID().toString().substring(0, 8)),
                FAILURES, Duration.ofMinutes(1));
    }

    @AfterEach
    void stop() {
        client.close();
        server.shutdownNow();
    }

    @Test
    void slicesComeSeriesBySeriesInStartOrderAndTheCursorStopsWhenTheSinkHasEnough() {
        // given two windows of each of three series, written out of order; b's second window of two slices
        List<RollupWindow> windows = new ArrayList<>();
        for (String series : List.of("c", "a", "b")) {
            for (int hour : List.of(1, 0)) {
                TierSlice seven = slice(Tags.of("building", "7"), hour);
                List<TierSlice> slices = series.equals("b") && hour == 1 ? List.of(seven, slice(Tags.NONE, hour)) : List.of(seven);
                Instant start = START.plus(HOUR.multipliedBy(hour));
                windows.add(new RollupWindow(SeriesId.of(series), HOUR, start, new TierWindow(SeriesId.of(series), start,
                        start.plus(HOUR), slices)));
            }
        }
        store.replace(windows, 1);
        TimeRange day = new TimeRange(START, START.plus(Duration.ofDays(1)));

        // when every slice is read, and when the sink wants three
        List<String> all = new ArrayList<>();
        store.readAllTagged(HOUR, day, recorder(all, Integer.MAX_VALUE));
        List<String> three = new ArrayList<>();
        store.readAllTagged(HOUR, day, recorder(three, 3));

        // then
        assertThat(all).containsExactly("series a", "0 {building=7}", "1 {building=7}", "series b", "0 {building=7}",
                "1 {building=7}", "1 {}", "series c", "0 {building=7}", "1 {building=7}");
        assertThat(three).containsExactly("series a", "0 {building=7}", "1 {building=7}", "series b", "0 {building=7}");
    }

    private static TierSlice slice(Tags tags, int hour) {
        long t = START.plus(HOUR.multipliedBy(hour)).toEpochMilli();
        return new TierSlice(tags, 1, Map.of("v", new FieldSpan(1, hour, hour, hour, t, hour, t, hour)));
    }

    private static TierSliceSink recorder(List<String> calls, int slices) {
        return new TierSliceSink() {
            private int taken;

            @Override
            public void series(SeriesId series) {
                calls.add("series " + series.value());
            }

            @Override
            public boolean slice(long start, long end, Tags tags, FieldSchema fields, long[] values, int at) {
                TierSlice slice = FlatSlices.read(tags, fields, values, at);
                calls.add((start - START.toEpochMilli()) / HOUR.toMillis() + " " + slice.tags());
                return ++taken < slices;
            }
        };
    }
}
