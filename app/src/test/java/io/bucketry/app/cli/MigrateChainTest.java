package io.bucketry.app.cli;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.transfer.Migration;
import io.bucketry.application.transfer.MigrationReport;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Issue 16 §3 through the Java API on the MongoDB test server (embedded lane): inmemory → mongo-bucket
 * (crashed half-way, the target closed and reopened, then resumed) → mongo-timeseries → mongo-bucket,
 * with late and duplicate readings in the source stream; every hop verifies, and the last store holds
 * exactly the source's readings.
 */
class MigrateChainTest {

    static final int SERIES = 4;
    static final int PER_SERIES = 250;
    static final int BATCH = 100;

    @RegisterExtension
    final MongoOnAPort mongo = new MongoOnAPort();

    private BucketryConfig mongo(Backend backend, String database) {
        return BucketryConfig.builder().backend(backend).mongoUri(mongo.uri()).mongoDatabase(database).timeseriesFallback(true)
                .build();
    }

    /** Readings of a few series one a minute over the last hours, sent shuffled (late ones) with a share sent twice. */
    static void fillWithLateAndDuplicateReadings(Bucketry store, long seed) {
        Random random = new Random(seed);
        Instant base = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(PER_SERIES + 10, ChronoUnit.MINUTES);
        List<ReadingInput> stream = new ArrayList<>();
        for (int s = 0; s < SERIES; s++) {
            for (int i = 0; i < PER_SERIES; i++) {
                ReadingInput reading = ReadingInput.of("chain-" + s, base.plus(i, ChronoUnit.MINUTES),
                        Map.of("temperature", 20 + random.nextGaussian(), "status", random.nextInt(10) == 0 ? "WARN" : "OK"));
                stream.add(reading);
                if (random.nextInt(10) == 0) {
                    stream.add(ReadingInput.of(reading.series(), (Instant) reading.time(), Map.of("temperature", -99.0)));
                }
            }
        }
        Collections.shuffle(stream, random);
        int duplicates = 0;
        for (int from = 0; from < stream.size(); from += 500) {
            IngestReport report = store.ingest().ingest(stream.subList(from, Math.min(stream.size(), from + 500)));
            assertThat(report.rejected()).isEmpty();
            duplicates += report.duplicates();
        }
        assertThat(duplicates).as("seed %d", seed).isPositive();
    }

    private static Map<String, List<Reading>> contents(Bucketry store) {
        Map<String, List<Reading>> all = new HashMap<>();
        for (int s = 0; s < SERIES; s++) {
            all.put("chain-" + s, store.read().read(SeriesId.of("chain-" + s), null, null, 10 * PER_SERIES));
        }
        return all;
    }

    @Test
    void aDatasetMovesInmemoryToBucketsToTimeSeriesToBucketsThroughACrashAndAResume() {
        long seed = new Random().nextLong();
        try (Bucketry memory = Bucketry.start(BucketryConfig.builder().build())) {
            fillWithLateAndDuplicateReadings(memory, seed);
            Map<String, List<Reading>> original = contents(memory);

            // inmemory -> mongo-bucket, crashing after 3 chunks; the target is closed as a dying process would leave it
            AtomicInteger chunks = new AtomicInteger();
            try (Bucketry buckets = Bucketry.start(mongo(Backend.MONGO_BUCKET, "hop1"))) {
                assertThatThrownBy(() -> Migration.between(memory.useCases(), buckets.useCases(), BATCH).run(null, false,
                        (series, readings) -> {
                            if (chunks.incrementAndGet() == 3) {
                                throw new IllegalStateException("injected crash");
                            }
                        })).hasMessage("injected crash");
            }
            MigrationReport resumed;
            try (Bucketry buckets = Bucketry.start(mongo(Backend.MONGO_BUCKET, "hop1"))) {
                resumed = Migration.between(memory.useCases(), buckets.useCases(), BATCH).run(null, false,
                        Migration.Progress.NONE);
            }
            assertThat(resumed.matches()).as("seed %d: %s", seed, resumed.differences()).isTrue();
            // stored before the crash: the 3 chunks of the first series (100, 100 and 50 of its 250 readings)
            assertThat(resumed.duplicates()).as("readings stored before the crash").isEqualTo(PER_SERIES);
            assertThat(resumed.accepted() + resumed.duplicates()).isEqualTo((long) SERIES * PER_SERIES);

            // mongo-bucket -> mongo-timeseries -> mongo-bucket
            try (Bucketry buckets = Bucketry.start(mongo(Backend.MONGO_BUCKET, "hop1"));
                 Bucketry series = Bucketry.start(mongo(Backend.MONGO_TIMESERIES, "hop2"));
                 Bucketry back = Bucketry.start(mongo(Backend.MONGO_BUCKET, "hop3"))) {
                MigrationReport second = Migration.between(buckets.useCases(), series.useCases(), BATCH).run(null, false,
                        Migration.Progress.NONE);
                MigrationReport third = Migration.between(series.useCases(), back.useCases(), BATCH).run(null, false,
                        Migration.Progress.NONE);

                assertThat(second.matches()).as("seed %d: %s", seed, second.differences()).isTrue();
                assertThat(third.matches()).as("seed %d: %s", seed, third.differences()).isTrue();
                assertThat(third.series()).hasSize(SERIES);
                assertThat(contents(back)).as("seed %d", seed).isEqualTo(original);
            }
        }
    }
}
