package io.bucketry.adapter.mongo.bucket;

import io.bucketry.application.UseCases;
import io.bucketry.application.contract.WindowAssertions;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.adapter.mongo.bucket.TestData.minute;
import static io.bucketry.adapter.mongo.bucket.TestData.sensor;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the grouped alerting query costs on mongo-bucket from a 5-minute rollup tier: it reads tier windows
 * only (one document per series and window, no bucket, no reading) and answers what the raw buckets do.
 * Prints the bytes returned per group of 100 sensors (the figure of issue 32).
 */
class TierGroupCostTest {

    private static final int BUILDINGS = 5;
    private static final int SENSORS = BUILDINGS * 100;
    private static final Duration FIVE = Duration.ofMinutes(5);

    @Test
    void theGroupedAlertingQueryFromTheTierReadsTierWindowsOnlyAndEqualsTheRawAnswer() {
        // given: 100 sensors per building, one reading a minute for 10 minutes, a 5-minute tier settled over them
        try (MongoBucketReadingStore store = TestData.store(BucketPolicy.windowed(Duration.ofHours(1), 1000))) {
            Instant end = minute(10);
            Clock clock = Clock.fixed(end, ZoneOffset.UTC);
            UseCases tiered = UseCases.over(store, ApplicationSettings.defaults(), clock, null,
                    new RollupTiers(List.of(new RollupTier(FIVE, Duration.ofDays(730)))), store.rollups());
            UseCases raw = UseCases.over(store, ApplicationSettings.defaults(), clock);
            for (int m = 0; m < 10; m++) {
                List<ReadingInput> batch = new ArrayList<>();
                for (int s = 0; s < SENSORS; s++) {
                    SeriesMeta meta = SeriesMeta.of(Tags.of("building", "b" + s % BUILDINGS));
                    Reading reading = sensor(new SeriesId("tiercost-" + (10_000 + s)), minute(m), 20 + (s + m) % 9);
                    batch.add(ReadingInput.of(reading.withMeta(meta)));
                }
                assertThat(tiered.ingest().ingest(batch).rejected()).isEmpty();
                tiered.reclaim().reclaim();   // settles the tier windows, as the sweeper does
            }
            WireTap tap = WireTap.on(store);

            // when: five-minute windows per building over the last 10 minutes
            List<GroupWindows> groups = tiered.groups().aggregateGroups(TagFilter.ANY, GroupBy.of("building"),
                    end.minus(Duration.ofMinutes(10)), end, FIVE, GapFill.none());

            // then: tier windows only, two per sensor, and the raw buckets' answer
            long bytes = tap.returnedBytes;
            long documents = tap.returnedDocuments;
            assertThat(tap.returnedReadings).as("readings returned").isZero();
            assertThat(documents).as("documents returned: the sensors' two tier windows").isEqualTo(2L * SENSORS);
            List<GroupWindows> fromRaw = raw.groups().aggregateGroups(TagFilter.ANY, GroupBy.of("building"),
                    end.minus(Duration.ofMinutes(10)), end, FIVE, GapFill.none());
            assertThat(groups).hasSize(BUILDINGS).extracting(GroupWindows::series).containsOnly(100);
            WindowAssertions.assertSameWindows(groups.stream().flatMap(g -> g.windows().stream()).toList(),
                    fromRaw.stream().flatMap(g -> g.windows().stream()).toList());
            System.out.println("[bucketry] grouped alerting from the 5m tier (" + BUILDINGS + " buildings x 100 sensors,"
                    + " 5-min windows, last 10 min): " + bytes / BUILDINGS + " bytes returned per group, "
                    + documents + " documents, no reading; from the raw buckets: " + (tap.returnedBytes - bytes) / BUILDINGS
                    + " bytes per group, " + tap.returnedReadings + " readings");
        }
    }
}
