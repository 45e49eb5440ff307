package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SealPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;

/** A sealed bucket reads back exactly what its rows held: the same readings, bit for bit, by every query. */
class SealedReadsTest {

    private static final Instant BASE = Instant.parse("2026-07-21T00:00:00Z");
    private static final Clock LATER = Clock.fixed(BASE.plus(Duration.ofDays(2)), ZoneOffset.UTC);
    private static final TimeRange ALL = TimeRange.of(BASE, BASE.plus(Duration.ofDays(1)));
    /** Values that only a bit-exact codec keeps: −0.0, subnormals, extremes, 17 significant digits, 2^53 + 2. */
    private static final double[] ADVERSARIAL = {-0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL / 3, 1e308,
            -Double.MAX_VALUE, 0.1 + 0.2, 1.0000000000000002, 9007199254740994.0, 22.37, 1013.25, -7.5e-300};
    private static final String[] TEXTS = {"OK", "WARN", "", "ünïcödé ✓", "\uD83D\uDE00 emoji", "x".repeat(256)};

    @Test
    void everyValueComesBackBitForBitThroughASealedBucket() {
        // given: one reading per adversarial value, texts of every kind, fields absent in some readings
        InMemoryReadingStore sealed = new InMemoryReadingStore(BucketPolicy.defaults(), SealPolicy.immediate(), LATER);
        List<Reading> written = new ArrayList<>();
        for (int i = 0; i < ADVERSARIAL.length; i++) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("value", ADVERSARIAL[i]);
            if (i % 3 != 0) {
                fields.put("status", TEXTS[i % TEXTS.length]);
            }
            if (i % 4 == 1) {
                fields.put("mixed", i % 8 == 1 ? (Object) "text" : (Object) (i * 0.5));   // one name, both kinds
            }
            written.add(Reading.of("adversarial", BASE.plusSeconds(i), fields));
        }
        sealed.store(written);

        // when
        sealed.sealSealable();
        List<Reading> read = sealed.read(SeriesId.of("adversarial"), ALL, Integer.MAX_VALUE);

        // then
        assertThat(sealed.sealingFigures().sealedReadings()).isEqualTo(written.size());
        assertThat(read).hasSameSizeAs(written);
        for (int i = 0; i < written.size(); i++) {
            Reading expected = written.get(i);
            Reading actual = read.get(i);
            assertThat(actual.time()).isEqualTo(expected.time());
            assertThat(actual.fields().keySet()).as("reading %d", i).containsExactlyInAnyOrderElementsOf(expected.fields().keySet());
            assertThat(Double.doubleToRawLongBits(actual.fields().number("value"))).as("bits of %s", ADVERSARIAL[i])
                    .isEqualTo(Double.doubleToRawLongBits(ADVERSARIAL[i]));
            assertThat(actual.fields()).as("reading %d", i).isEqualTo(expected.fields());
        }
    }

    @Test
    void aBucketWithMoreColumnsThanAReadingHasFieldsSurvivesSealing() {
        // given: two readings of one window with 64 fields each, no name in common: 128 columns
        InMemoryReadingStore sealed = new InMemoryReadingStore(BucketPolicy.defaults(), SealPolicy.immediate(), LATER);
        List<Reading> written = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            Map<String, Object> fields = new LinkedHashMap<>();
            for (int f = 0; f < 64; f++) {
                fields.put((r == 0 ? "a" : "b") + f, f % 2 == 0 ? (Object) (r * 100.0 + f) : (Object) ("text" + f));
            }
            written.add(Reading.of("wide", BASE.plusSeconds(r), fields));
        }
        sealed.store(written);

        // when
        sealed.sealSealable();

        // then
        assertThat(sealed.sealingFigures().sealedReadings()).isEqualTo(2);
        assertThat(sealed.read(SeriesId.of("wide"), ALL, 10)).isEqualTo(written);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"windowed", "windowed-with-overflow", "paged"})
    void sealedAndOpenBucketsAnswerEveryQueryAlike(String kind) {
        BucketPolicy policy = switch (kind) {
            case "windowed" -> BucketPolicy.windowed(Duration.ofMinutes(30), 1000);
            case "windowed-with-overflow" -> BucketPolicy.windowed(Duration.ofMinutes(30), 7);
            default -> BucketPolicy.paged(9);
        };
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        long sealedBuckets = 0;
        for (int run = 0; run < 40; run++) {
            // given: the same random batches (late readings, duplicates, absent fields) into a store
            // that never seals and one that seals after every batch
            InMemoryReadingStore rows = new InMemoryReadingStore(policy, new SealPolicy(Duration.ofDays(36_500)), LATER);
            InMemoryReadingStore sealed = new InMemoryReadingStore(policy, SealPolicy.immediate(), LATER);
            int batches = 1 + random.nextInt(6);
            for (int b = 0; b < batches; b++) {
                List<Reading> batch = batch(random);
                assertThat(sealed.store(batch)).as("seed %d", seed).isEqualTo(rows.store(batch));
                sealed.sealSealable();
            }

            // then
            String why = "seed " + seed + ", run " + run;
            for (int s = 0; s < 3; s++) {
                SeriesId series = SeriesId.of("s" + s);
                long from = random.nextInt(6 * 3600) * 1000L;
                TimeRange range = TimeRange.of(BASE.plusMillis(from), BASE.plusMillis(from + random.nextInt(6 * 3600) * 1000L + 1));
                int limit = 1 + random.nextInt(200);
                assertThat(sealed.read(series, range, limit)).as(why).isEqualTo(rows.read(series, range, limit));
                assertThat(sealed.read(series, ALL, Integer.MAX_VALUE)).as(why).isEqualTo(rows.read(series, ALL, Integer.MAX_VALUE));
                Instant notBefore = BASE.plusMillis(from);
                assertThat(sealed.latest(series, notBefore)).as(why).isEqualTo(rows.latest(series, notBefore));
                int size = 1 + random.nextInt(20);
                for (int page = 1; page <= 4; page++) {
                    assertThat(sealed.page(series, page, size, notBefore)).as(why).isEqualTo(rows.page(series, page, size, notBefore));
                }
                Duration window = Duration.ofMinutes(1 + random.nextInt(90));
                assertSameWindows(sealed.aggregate(series, range, window), rows.aggregate(series, range, window));
            }
            Instant listedFrom = BASE.plusSeconds(random.nextInt(6 * 3600));
            assertThat(sealed.listSeries("", null, 10, listedFrom)).as(why).isEqualTo(rows.listSeries("", null, 10, listedFrom));
            assertThat(sealed.statistics().readings()).as(why).isEqualTo(rows.statistics().readings());
            assertThat(sealed.statistics().buckets()).as(why).isEqualTo(rows.statistics().buckets());
            sealedBuckets += sealed.sealingFigures().sealedBuckets();
        }
        assertThat(sealedBuckets).as("sealed buckets compared, seed %d", seed).isGreaterThan(40);
    }

    /** Up to 120 readings of 3 series over 6 hours, in random order, some at times already drawn. */
    private static List<Reading> batch(Random random) {
        List<Reading> batch = new ArrayList<>();
        int size = 1 + random.nextInt(120);
        for (int i = 0; i < size; i++) {
            Map<String, Object> fields = new LinkedHashMap<>();
            if (random.nextInt(5) != 0) {
                fields.put("temperature", Math.round((15 + random.nextGaussian() * 5) * 100) / 100.0);
            }
            if (random.nextInt(4) == 0) {
                fields.put("odd", ADVERSARIAL[random.nextInt(ADVERSARIAL.length)]);
            }
            if (fields.isEmpty() || random.nextBoolean()) {
                fields.put("status", TEXTS[random.nextInt(3)]);
            }
            long minute = random.nextInt(6 * 60);
            batch.add(Reading.of("s" + random.nextInt(3), BASE.plusSeconds(minute * 60 + random.nextInt(3)), fields));
        }
        return batch;
    }
}
