package io.bucketry.adapter.inmemory;

import io.bucketry.application.contract.MutableClock;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SealPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SubWindows;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;

/** The in-memory store's sub-window summaries: what they hold, that sealed ones are read undecoded, and what they cost. */
class SubWindowSummariesTest {

    private static final Instant NINE = Instant.parse("2026-07-21T09:00:00Z");
    private static final Clock LATER = Clock.fixed(NINE.plus(Duration.ofDays(1)), ZoneOffset.UTC);
    private static final TimeRange DAY = TimeRange.of(NINE.minus(Duration.ofHours(9)), NINE.plus(Duration.ofHours(15)));
    private static final SeriesId SENSOR = SeriesId.of("sensor-1");
    private static final SubWindows FIVE = SubWindows.every(Duration.ofMinutes(5));
    private static final BucketPolicy.Windowed POLICY = BucketPolicy.defaults().withSubWindows(FIVE);

    @Test
    void spansTakeFirstAndLastByTimeWhateverTheOrderValuesCameIn() {
        // given: one bucket's summaries, values of one sub-window stored out of time order
        SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, NINE.toEpochMilli(), Duration.ofHours(1).toMillis());
        long t = NINE.toEpochMilli();
        for (long[] timeAndValue : new long[][] {{t + 120_000, 5}, {t + 10_000, 7}, {t + 290_000, -1}, {t + 60_000, 3}}) {
            int sub = summaries.reading(timeAndValue[0]);
            summaries.value(sub, 1, timeAndValue[0], timeAndValue[1]);
        }
        summaries.reading(t + 400_000);   // a reading without numbers in the second sub-window

        // then
        assertThat(summaries.span(0, 1)).isEqualTo(new FieldSpan(4, -1, 7, 14, t + 10_000, 7, t + 290_000, -1));
        assertThat(summaries.span(0, 0)).isNull();
        assertThat(summaries.span(1, 1)).isNull();
        assertThat(summaries.readings(0)).isEqualTo(4);
        assertThat(summaries.readings(1)).isEqualTo(1);
        assertThat(summaries.start(1)).isEqualTo(t + 300_000);
    }

    @Test
    void aBucketsSummariesEqualABruteForceWhateverItsReadingsOrderColumnsAndReadsBetweenWrites() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        String[] names = {"a", "b", "c", "d", "s"};
        double[] finite = java.util.Arrays.stream(ADVERSARIAL).filter(Double::isFinite).toArray();
        for (int round = 0; round < 40; round++) {
            // given: readings mostly in time order, some late, some duplicates; columns whose first number comes
            // mid-way (also in a late reading), a column that holds texts and numbers; the summaries read at times.
            // The model sums as the bucket does: the sub-windows from the latest one summed on in time order when
            // the summaries are read, then a late reading of an earlier one as it comes (it matters for the bits
            // of adversarial sums)
            PackedBucket bucket = PackedBucket.open(SENSOR, NINE.toEpochMilli(), 0, POLICY);
            AtomicLong reported = new AtomicLong();
            bucket.reportGrowthTo(reported::addAndGet);
            Map<List<Object>, List<double[]>> model = new HashMap<>();   // (sub, name) -> {time, value} fed
            int[] readings = new int[12];
            int[] latestSub = {0};
            int[] summedFrom = {0};
            long latest = NINE.toEpochMilli();
            boolean reads = round % 2 == 0;
            String message = "seed " + seed + ", round " + round + (reads ? "" : ", no read before the seal");
            for (int i = 0; i < 150; i++) {
                long time = random.nextInt(5) == 0 ? NINE.toEpochMilli() + random.nextInt((int) (latest - NINE.toEpochMilli()) + 1)
                        : Math.min(latest + random.nextInt(60_000), NINE.toEpochMilli() + 3_599_999);
                latest = Math.max(latest, time);
                Map<String, Object> fields = new HashMap<>();
                for (int n = 0; n < names.length; n++) {
                    boolean numbered = n < 2 || i > 40 * (n - 1) && random.nextBoolean();
                    if (n == 4 || n == 3 && random.nextInt(3) == 0) {
                        fields.put(names[n], random.nextBoolean() ? "OK" : "WARN");
                    } else if (numbered) {
                        fields.put(names[n], random.nextInt(6) == 0 ? finite[random.nextInt(finite.length)]
                                : random.nextInt(2000) / 8.0 - 100);
                    }
                }
                Reading reading = Reading.of(SENSOR.value(), Instant.ofEpochMilli(time), fields);
                if (bucket.add(reading) == PackedBucket.Outcome.ADDED) {
                    int sub = (int) ((time - NINE.toEpochMilli()) / 300_000);
                    latestSub[0] = Math.max(latestSub[0], sub);
                    readings[sub]++;
                    fields.forEach((name, value) -> {
                        if (value instanceof Double number) {
                            model.computeIfAbsent(List.of(sub, name), key -> new ArrayList<>()).add(new double[] {time, number});
                        }
                    });
                }
                if (reads && random.nextInt(20) == 0) {
                    inTimeOrder(model, summedFrom, latestSub[0]);
                    assertSpans(bucket.subWindows(), bucket.schema(), model, readings, message + ", after " + i);
                }
            }

            // then: sealed, every sub-window summed anew in time order, however the reads came (in half the rounds
            // none: the sealed form is then encoded from the rows without cells), the same bytes as the cells of
            // a sum from the rows in time order encoded
            SubWindowSummaries layout = bucket.subWindowLayout();
            SubWindowSummaries summedAnew = SubWindowSummaries.of(FIVE, NINE.toEpochMilli(), Duration.ofHours(1).toMillis());
            summedAnew.layOutLike(layout);
            SubWindowRows.sumFrom(bucket, summedAnew, 0, bucket.count());
            SealedColumns sealed = SealedColumns.of(bucket);
            assertThat(SubWindowRows.encode(bucket, layout, NINE.toEpochMilli())).as(message)
                    .isEqualTo(SubWindowCodec.encode(summedAnew));
            Map<List<Object>, List<double[]>> allInTimeOrder = new HashMap<>();
            model.forEach((key, fed) -> allInTimeOrder.put(key, new ArrayList<>(fed)));
            inTimeOrder(allInTimeOrder, new int[] {0}, latestSub[0]);
            assertSpans(sealed.subWindows(), bucket.schema(), allInTimeOrder, readings, message + ", sealed");
            // and as fed, after the last write
            inTimeOrder(model, summedFrom, latestSub[0]);
            assertSpans(bucket.subWindows(), bucket.schema(), model, readings, message);
            assertThat(reported.get()).as(message).isEqualTo(bucket.subWindows().heapBytes());
        }
    }

    /**
     * Sorts what was fed of the sub-windows from {@code summedFrom[0]} on by time, as the bucket sums them
     * when read, and moves {@code summedFrom[0]} to {@code latest}, the latest that holds a reading, which
     * the next read sums again.
     */
    private static void inTimeOrder(Map<List<Object>, List<double[]>> model, int[] summedFrom, int latest) {
        model.forEach((key, fed) -> {
            if ((Integer) key.get(0) >= summedFrom[0]) {
                fed.sort(java.util.Comparator.comparingDouble(timeAndValue -> timeAndValue[0]));
            }
        });
        summedFrom[0] = latest;
    }

    private static void assertSpans(SubWindowSummaries summaries, io.bucketry.domain.FieldSchema schema,
                                    Map<List<Object>, List<double[]>> model, int[] readings, String message) {
        for (int sub = 0; sub < 12; sub++) {
            assertThat(summaries.readings(sub)).as(message + ", sub-window " + sub).isEqualTo(readings[sub]);
            for (int column = 0; column < schema.size(); column++) {
                assertThat(bits(summaries.span(sub, column))).as(message + ", sub-window " + sub + ", " + schema.name(column))
                        .isEqualTo(bits(spanOf(model.get(List.of(sub, schema.name(column))))));
            }
        }
    }

    @Test
    void spansOfColumnsNumberedInAnyOrderWithTextsBetweenAndBeyondTheSixtyFourthEqualABruteForceAlsoEncoded() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int round = 0; round < 50; round++) {
            // given: 200 possible columns (three words of them past the 64th), a third texts that never get a number
            SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, NINE.toEpochMilli(), Duration.ofHours(1).toMillis());
            AtomicLong reported = new AtomicLong();
            summaries.reportGrowthTo(reported::addAndGet);
            Map<List<Integer>, List<double[]>> model = new HashMap<>();   // (sub, column) -> {time, value} fed
            int[] readings = new int[12];
            int highest = -1;
            for (int i = 0; i < 200; i++) {
                long time = NINE.toEpochMilli() + random.nextInt(3_600_000);
                int sub = summaries.reading(time);
                readings[sub]++;
                for (int n = random.nextInt(4); n > 0; n--) {
                    int column = random.nextInt(200);
                    if (column % 3 == 2) {
                        continue;
                    }
                    double value = random.nextInt(5) == 0 ? ADVERSARIAL[random.nextInt(ADVERSARIAL.length)]
                            : random.nextInt(2000) / 8.0 - 100;
                    summaries.value(sub, column, time, value);
                    model.computeIfAbsent(List.of(sub, column), key -> new ArrayList<>()).add(new double[] {time, value});
                    highest = Math.max(highest, column);
                }
            }

            // then: as fed, and the same once encoded for a sealed bucket and decoded
            String message = "seed " + seed + ", round " + round;
            SubWindowSummaries decoded = summaries.withCells(NINE.toEpochMilli(), SubWindowCodec.decode(
                    SubWindowCodec.encode(summaries), summaries.layoutOnly(), NINE.toEpochMilli()));
            assertThat(summaries.columns()).as(message).isEqualTo(highest + 1);
            assertThat(reported.get()).as(message).isEqualTo(summaries.heapBytes());
            for (int sub = 0; sub < 12; sub++) {
                assertThat(summaries.readings(sub)).as(message).isEqualTo(readings[sub]);
                assertThat(decoded.readings(sub)).as(message).isEqualTo(readings[sub]);
                for (int column = 0; column < 202; column++) {
                    FieldSpan expected = spanOf(model.get(List.of(sub, column)));
                    assertThat(summaries.span(sub, column)).as(message + ", sub-window " + sub + ", column " + column)
                            .isEqualTo(expected);
                    assertThat(bits(decoded.span(sub, column))).as(message + ", decoded, sub-window " + sub + ", column " + column)
                            .isEqualTo(bits(summaries.span(sub, column)));
                }
            }
        }
    }

    @Test
    void aBucketLaidOutLikeItsPredecessorAllocatesOnceAndAColumnWithoutNumbersHasNoSpan() {
        // given: a predecessor with numbers in columns 1 and 3
        long t = NINE.toEpochMilli();
        SubWindowSummaries before = oneReadingWithNumbersIn(t, 1, 3);

        // when: the next hour's summaries are laid out like it, and get numbers in column 3 only
        long next = t + 3_600_000;
        SubWindowSummaries summaries = hourLaidOutLike(before, next);
        List<Long> growths = new ArrayList<>();
        summaries.reportGrowthTo(growths::add);
        summaries.value(summaries.reading(next + 60_000), 3, next + 60_000, 7.5);
        summaries.value(summaries.reading(next + 120_000), 3, next + 120_000, 8.5);

        // then: one allocation, of the predecessor's size, and the spans of what was fed
        assertThat(growths).containsExactly(before.heapBytes());
        assertThat(summaries.span(0, 3)).isEqualTo(new FieldSpan(2, 7.5, 8.5, 16, next + 60_000, 7.5, next + 120_000, 8.5));
        assertThat(summaries.span(0, 1)).isNull();
        assertThat(summaries.readings(0)).isEqualTo(2);
        assertThat(summaries.columns()).isEqualTo(4);
    }

    /** Doubles a codec gets wrong first, NaN payloads and values near 2^52 once scaled among them; sums overflow to infinities. */
    private static final double[] ADVERSARIAL = {-0.0, 0.0, Double.MIN_VALUE, -Double.MIN_NORMAL, 1e308, -1e308,
            Double.MAX_VALUE, 9007199254740993.0, 0.1 + 0.2, -123456.78901234567, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff8000000000abcL),
            0x1p52 - 0.5, 4503599627370.4961, 4503599627.3704961, -0x1p52, 0x1p52 / 1_000_000};

    /** A span's counts, times and the raw bits of its values, so that -0.0 and 0.0 differ; null for none. */
    private static List<Long> bits(FieldSpan span) {
        return span == null ? null : List.of(span.count(), Double.doubleToRawLongBits(span.min()),
                Double.doubleToRawLongBits(span.max()), Double.doubleToRawLongBits(span.sum()), span.firstTime(),
                Double.doubleToRawLongBits(span.first()), span.lastTime(), Double.doubleToRawLongBits(span.last()));
    }

    @Test
    void aLayoutTakenFromAPredecessorIsItsOwnAndTakesColumnsBetweenAndBeyondTheInheritedOnes() {
        // given: a predecessor with numbers in columns 1 and 70
        long t = NINE.toEpochMilli();
        SubWindowSummaries before = oneReadingWithNumbersIn(t, 1, 70);

        // when: the next hour, laid out like it, gets numbers in columns 3 (between), 100 and 70
        long next = t + 3_600_000;
        SubWindowSummaries summaries = hourLaidOutLike(before, next);
        int first = summaries.reading(next);
        summaries.value(first, 3, next, 3.0);
        summaries.value(first, 100, next, 4.0);
        summaries.value(first, 70, next, 5.0);

        // then: each column's own span, and the predecessor as it was
        assertThat(summaries.span(0, 3)).isEqualTo(FieldSpan.of(next, 3.0));
        assertThat(summaries.span(0, 70)).isEqualTo(FieldSpan.of(next, 5.0));
        assertThat(summaries.span(0, 100)).isEqualTo(FieldSpan.of(next, 4.0));
        assertThat(summaries.span(0, 1)).isNull();
        assertThat(summaries.columns()).isEqualTo(101);
        assertThat(before.columns()).isEqualTo(71);
        assertThat(before.span(0, 70)).isEqualTo(FieldSpan.of(t, 2.0));
        assertThat(before.span(0, 100)).isNull();
    }

    @Test
    void aBucketOpenedAfterASealedOneTakesTheLayoutOfItsSummariesWithoutDecodingThem() {
        // given: a sealed hour with sub-windows
        PackedBucket open = PackedBucket.open(SENSOR, NINE.toEpochMilli(), 0, POLICY);
        minutes(60).forEach(open::add);
        SealedColumns sealed = SealedColumns.of(open);

        // when: the next hour is opened after it and takes one reading
        long next = NINE.toEpochMilli() + 3_600_000;
        PackedBucket after = PackedBucket.openLike(sealed, SENSOR, next, 0, POLICY);
        List<Long> growths = new ArrayList<>();
        after.reportGrowthTo(growths::add);
        after.add(Reading.of(SENSOR.value(), Instant.ofEpochMilli(next), Map.of("temperature", 21.5, "status", "OK")));

        // then: its summaries were allocated once, at the sealed one's layout
        assertThat(sealed.subWindowLayout().cells()).isNull();
        assertThat(growths).containsExactly(after.subWindows().heapBytes());
        assertThat(after.subWindows().heapBytes()).isEqualTo(open.subWindows().heapBytes());
        assertThat(after.subWindows().span(0, open.schema().indexOf("temperature"))).isEqualTo(FieldSpan.of(next, 21.5));
    }

    @Test
    void aSteadySeriesSealedBucketsShareOneLayoutAndEachDecodesItsOwnTimes() {
        // given: three hours of one reading a minute, the second recycled from the first, the third opened
        // after the second once sealed, then a fourth that gets a new numeric field
        long hour = 3_600_000;
        PackedBucket first = hourOf(PackedBucket.open(SENSOR, NINE.toEpochMilli(), 0, POLICY), 0, false);
        SealedColumns sealedFirst = SealedColumns.of(first);
        PackedBucket second = hourOf(PackedBucket.recycle(first, NINE.toEpochMilli() + hour, 0, POLICY), 1, false);
        SealedColumns sealedSecond = SealedColumns.of(second);
        long third = NINE.toEpochMilli() + 2 * hour;
        SealedColumns sealedThird = SealedColumns.of(hourOf(PackedBucket.openLike(sealedSecond, SENSOR, third, 0, POLICY), 2, false));
        SealedColumns sealedFourth = SealedColumns.of(hourOf(PackedBucket.openLike(sealedThird, SENSOR, third + hour, 0, POLICY), 3, true));

        // then: the first three share one layout, the widened fourth has its own
        assertThat(sealedSecond.subWindowLayout()).isSameAs(sealedFirst.subWindowLayout());
        assertThat(sealedThird.subWindowLayout()).isSameAs(sealedFirst.subWindowLayout());
        assertThat(sealedFourth.subWindowLayout()).isNotSameAs(sealedFirst.subWindowLayout());
        // and each decodes its first sub-window at its own hour: 20, 20.25, … 21 from minute 0 to 4
        int temperature = first.schema().indexOf("temperature");
        for (SealedColumns sealed : List.of(sealedFirst, sealedSecond, sealedThird, sealedFourth)) {
            long start = sealed.start();
            assertThat(sealed.subWindows().span(0, temperature))
                    .isEqualTo(new FieldSpan(5, 20.0, 21.0, 102.5, start, 20.0, start + 240_000, 21.0));
        }
    }

    @Test
    void aBucketOpenedAfterAnOpenUnreadOneTakesItsColumnsAndSharesItsLayout() {
        // given: an hour of readings never read (nothing summed), and the next hour opened after it, as a
        // series does while the hour before waits out its lateness allowance
        long hour = 3_600_000;
        PackedBucket first = hourOf(PackedBucket.open(SENSOR, NINE.toEpochMilli(), 0, POLICY), 0, true);
        PackedBucket second = PackedBucket.openLike(first, NINE.toEpochMilli() + hour, 0, POLICY);
        List<Long> growths = new ArrayList<>();
        second.reportGrowthTo(growths::add);
        hourOf(second, 1, true);

        // when: both are sealed, the second first, and then the second's summaries read
        SealedColumns sealedSecond = SealedColumns.of(second);
        SealedColumns sealedFirst = SealedColumns.of(first);
        List<Long> growthsSealing = List.copyOf(growths);
        SubWindowSummaries read = second.subWindows();

        // then: sealing allocated no summaries (they are encoded from the rows); the read allocated them
        // once, at the full width; and both sealed buckets share one layout, counted in the heap of the
        // first, which it was made for
        assertThat(growthsSealing).isEmpty();
        assertThat(growths).containsExactly(read.heapBytes());
        assertThat(read.heapBytes()).isEqualTo(first.subWindows().heapBytes());
        assertThat(sealedSecond.subWindowLayout()).isSameAs(sealedFirst.subWindowLayout());
        long layout = sealedFirst.subWindowLayout().layoutBytes();
        assertThat(sealedFirst.subWindowHeapBytes() - sealedSecond.subWindowHeapBytes())
                .isEqualTo(layout + arrayBytes(sealedFirst) - arrayBytes(sealedSecond));
    }

    @Test
    void aColumnABucketTookFromItsPredecessorButNeverNumbersIsSealedWithoutSpans() {
        // given: an hour with a humidity, then the next hour laid out like it, without one
        long hour = 3_600_000;
        PackedBucket first = hourOf(PackedBucket.open(SENSOR, NINE.toEpochMilli(), 0, POLICY), 0, true);
        PackedBucket second = hourOf(PackedBucket.openLike(first, NINE.toEpochMilli() + hour, 0, POLICY), 1, false);

        // when: the second is sealed unread
        SealedColumns sealed = SealedColumns.of(second);

        // then: its summaries have the humidity's slots, empty, and equal the open bucket's summed in time order
        int humidity = second.schema().indexOf("humidity");
        int temperature = second.schema().indexOf("temperature");
        SubWindowSummaries decoded = sealed.subWindows();
        SubWindowSummaries summed = second.subWindows();
        assertThat(decoded.columns()).isGreaterThan(humidity);
        for (int sub = 0; sub < 12; sub++) {
            assertThat(decoded.span(sub, humidity)).isNull();
            assertThat(decoded.span(sub, temperature)).isNotNull().isEqualTo(summed.span(sub, temperature));
        }
        assertThat(decoded.cells()).isEqualTo(summed.cells());
    }

    /** The heap of a sealed bucket's encoded summaries: its sub-window heap without the layout and references. */
    private static long arrayBytes(SealedColumns sealed) {
        return (16 + SubWindowCodec.encode(sealed.subWindows()).length + 7) & ~7L;
    }

    /** {@code bucket} given the readings of hour {@code h} after 09:00, one a minute, a humidity too if asked. */
    private static PackedBucket hourOf(PackedBucket bucket, int h, boolean humidity) {
        for (int minute = 0; minute < 60; minute++) {
            Map<String, Object> fields = new HashMap<>(Map.of("temperature", 20 + minute / 4.0, "status", "OK"));
            if (humidity) {
                fields.put("humidity", 40.5);
            }
            bucket.add(Reading.of(SENSOR.value(), NINE.plus(Duration.ofMinutes(60L * h + minute)), fields));
        }
        return bucket;
    }

    /** Summaries of the hour from {@code start} holding one reading at it, with the numbers 1, 2, … in {@code columns}. */
    private static SubWindowSummaries oneReadingWithNumbersIn(long start, int... columns) {
        SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, start, Duration.ofHours(1).toMillis());
        int sub = summaries.reading(start);
        for (int i = 0; i < columns.length; i++) {
            summaries.value(sub, columns[i], start, i + 1);
        }
        return summaries;
    }

    /** Empty summaries of the hour from {@code start}, laid out like {@code before}. */
    private static SubWindowSummaries hourLaidOutLike(SubWindowSummaries before, long start) {
        SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, start, Duration.ofHours(1).toMillis());
        summaries.layOutLike(before);
        return summaries;
    }

    /** The span a brute force gives of {time, value} pairs, in the order fed; null for none. */
    private static FieldSpan spanOf(List<double[]> fed) {
        if (fed == null) {
            return null;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = fed.get(0)[1];   // not 0 + it: the sum of -0.0 alone is -0.0
        double[] first = fed.get(0);
        double[] last = fed.get(0);
        for (int i = 0; i < fed.size(); i++) {
            double[] timeAndValue = fed.get(i);
            min = Math.min(min, timeAndValue[1]);
            max = Math.max(max, timeAndValue[1]);
            if (i > 0) {
                sum += timeAndValue[1];
            }
            first = timeAndValue[0] < first[0] ? timeAndValue : first;
            last = timeAndValue[0] > last[0] ? timeAndValue : last;
        }
        return new FieldSpan(fed.size(), min, max, sum, (long) first[0], first[1], (long) last[0], last[1]);
    }

    @Test
    void aSealedBucketKeepsItsOpenFormsSummariesEncodedInAFractionOfTheirHeap() {
        // given: an open bucket of an hour with sub-windows, a reading a minute
        PackedBucket open = PackedBucket.open(SENSOR, NINE.toEpochMilli(), 0, POLICY);
        minutes(60).forEach(open::add);

        // when
        SealedColumns sealed = SealedColumns.of(open);

        // then: the same summaries, in under a third of the heap
        SubWindowSummaries before = open.subWindows();
        SubWindowSummaries after = sealed.subWindows();
        for (int sub = 0; sub < before.perBucket(); sub++) {
            assertThat(after.readings(sub)).isEqualTo(before.readings(sub)).isEqualTo(5);
            for (int column = 0; column < before.columns() + 1; column++) {
                assertThat(after.span(sub, column)).as("sub-window " + sub + ", column " + column)
                        .isEqualTo(before.span(sub, column));
            }
        }
        assertThat(sealed.subWindowHeapBytes()).isPositive().isLessThan(before.heapBytes() / 3);
        assertThat(sealed.heapBytes()).isGreaterThan(sealed.subWindowHeapBytes());
    }

    @Test
    void theGrowthReportedIsTheSummariesHeapAndATextColumnAllocatesNoBlock() {
        // given
        SubWindowSummaries summaries = SubWindowSummaries.of(FIVE, NINE.toEpochMilli(), Duration.ofHours(1).toMillis());
        AtomicLong reported = new AtomicLong();
        summaries.reportGrowthTo(reported::addAndGet);
        assertThat(summaries.heapBytes()).isZero();

        // when: readings with a number in column 2 only
        long t = NINE.toEpochMilli();
        summaries.value(summaries.reading(t), 2, t, 1.5);
        long oneBlock = summaries.heapBytes();
        summaries.value(summaries.reading(t + 1), 2, t + 1, 2.5);

        // then: 12 sub-windows of 8 longs for column 2 and their bucket's copy of one, nothing for columns 0 and 1
        assertThat(reported.get()).isEqualTo(summaries.heapBytes()).isEqualTo(oneBlock);
        assertThat(oneBlock).isGreaterThanOrEqualTo(16 + 13 * SubWindowSummaries.SLOTS * 8L)
                .isLessThan(16 + 13 * SubWindowSummaries.SLOTS * 8L + 200);
    }

    @Test
    void aggregatesOverWholeSubWindowsOfSealedBucketsDecodeNothingAndEqualTheReadings() {
        // given: five sealed hours of 60 readings with sub-windows, the same readings without
        InMemoryReadingStore withSubWindows = new InMemoryReadingStore(POLICY, SealPolicy.immediate(), LATER);
        InMemoryReadingStore plain = new InMemoryReadingStore(BucketPolicy.defaults(), SealPolicy.immediate(), LATER);
        List<Reading> readings = minutes(5 * 60);
        withSubWindows.store(readings);
        plain.store(readings);
        withSubWindows.sealSealable();
        plain.sealSealable();
        assertThat(withSubWindows.sealingFigures().sealedBuckets()).isEqualTo(5);

        // when: 10-minute windows over a range on sub-window boundaries
        TimeRange aligned = TimeRange.of(NINE.plus(Duration.ofMinutes(25)), NINE.plus(Duration.ofMinutes(245)));
        List<WindowAggregate> actual = withSubWindows.aggregate(SENSOR, aligned, Duration.ofMinutes(10));

        // then
        assertThat(withSubWindows.sealingFigures().decodedValues()).isZero();
        assertSameWindows(actual, plain.aggregate(SENSOR, aligned, Duration.ofMinutes(10)));

        // and when the range cuts a sub-window, the one bucket holding it is decoded, once
        TimeRange cut = TimeRange.of(NINE.plus(Duration.ofMinutes(27)), NINE.plus(Duration.ofMinutes(245)));
        assertSameWindows(withSubWindows.aggregate(SENSOR, cut, Duration.ofMinutes(10)),
                plain.aggregate(SENSOR, cut, Duration.ofMinutes(10)));
        assertThat(withSubWindows.sealingFigures().decodedValues()).isEqualTo(60 * 2);   // time, temperature: no texts
    }

    @Test
    void aLateReadingIntoASealedBucketIsInItsSummariesOnceResealed() {
        // given: a sealed hour without the reading at 09:07:30
        InMemoryReadingStore store = new InMemoryReadingStore(POLICY, SealPolicy.immediate(), LATER);
        InMemoryReadingStore plain = new InMemoryReadingStore(BucketPolicy.defaults(), SealPolicy.immediate(), LATER);
        List<Reading> readings = minutes(60);
        store.store(readings);
        plain.store(readings);
        store.sealSealable();

        // when: the late reading, the lowest value of the hour
        Reading late = Reading.of(SENSOR.value(), NINE.plusSeconds(450), Map.of("temperature", -40.0, "status", "LATE"));
        store.store(List.of(late));
        plain.store(List.of(late));
        long decodedByTheReseal = store.sealingFigures().decodedValues();
        List<WindowAggregate> fives = store.aggregate(SENSOR, DAY, Duration.ofMinutes(5));

        // then: resealed, read from its summaries (no further decode), and equal to the readings
        assertThat(store.sealingFigures().reopened()).isEqualTo(1);
        assertThat(store.sealingFigures().decodedValues()).isEqualTo(decodedByTheReseal);
        assertSameWindows(fives, plain.aggregate(SENSOR, DAY, Duration.ofMinutes(5)));
        assertThat(fives.get(1).fields().get("temperature").min()).isEqualTo(-40.0);
    }

    @Test
    void theCapacityCountsTheSummariesOpenAndSealedAndGivesThemBackOnDelete() {
        // given: stores whose capacity can be read, with and without sub-windows, not sealing yet
        StoreCapacity withCapacity = new StoreCapacity(1L << 30, () -> 0);
        StoreCapacity plainCapacity = new StoreCapacity(1L << 30, () -> 0);
        MutableClock clock = new MutableClock(NINE);
        InMemoryReadingStore store = new InMemoryReadingStore(POLICY, withCapacity, SealPolicy.immediate(), clock,
                Runnable::run, 1);
        InMemoryReadingStore plain = new InMemoryReadingStore(BucketPolicy.defaults(), plainCapacity,
                SealPolicy.immediate(), clock, Runnable::run, 1);

        // when: three hours, one reading a minute, one batch each
        for (Reading reading : minutes(180)) {
            store.store(List.of(reading));
            plain.store(List.of(reading));
        }

        // then: unread, the open buckets hold no summaries yet (they are summed from the rows when read or sealed)
        assertThat(withCapacity.heldBytes()).isEqualTo(plainCapacity.heldBytes());

        // and once read (an aggregate over whole sub-windows), their heap is counted beside the readings' estimate
        assertThat(store.subWindowHeapBytes()).as("a census sums nothing").isZero();
        store.aggregate(SENSOR, DAY, Duration.ofMinutes(5));
        assertThat(store.subWindowHeapBytes()).isEqualTo(3 * summariesHeap(60));
        assertThat(withCapacity.heldBytes()).isEqualTo(plainCapacity.heldBytes() + 3 * summariesHeap(60));
        assertThat(plain.subWindowHeapBytes()).isZero();

        // and when sealed, the capacity holds exactly the sealed heap, summaries included, and the series
        clock.set(NINE.plus(Duration.ofHours(4)));
        store.sealSealable();
        assertThat(store.sealingFigures().sealedBuckets()).isEqualTo(3);
        assertThat(withCapacity.heldBytes())
                .isEqualTo(store.sealingFigures().sealedHeapBytes() + StoreCapacity.seriesEstimate(SENSOR));

        // and when the series is deleted, everything is given back
        store.deleteSeries(SENSOR);
        assertThat(withCapacity.heldBytes()).isZero();
    }

    /** The heap of one bucket's summaries holding {@code readings} readings of one a minute from 09:00. */
    private static long summariesHeap(int readings) {
        PackedBucket bucket = PackedBucket.open(SENSOR, NINE.toEpochMilli(), 0, POLICY);
        PackedBucket without = PackedBucket.open(SENSOR, NINE.toEpochMilli(), 0, BucketPolicy.defaults());
        for (Reading reading : minutes(readings)) {
            bucket.add(reading);
            without.add(reading);
        }
        assertThat(bucket.subWindows().heapBytes()).isPositive();
        return bucket.accountedBytes() - without.accountedBytes();
    }

    /** One reading a minute from 09:00: a temperature and a status. */
    private static List<Reading> minutes(int count) {
        List<Reading> readings = new ArrayList<>();
        for (int minute = 0; minute < count; minute++) {
            readings.add(Reading.of(SENSOR.value(), NINE.plus(Duration.ofMinutes(minute)),
                    Map.of("temperature", 20 + (minute * 7 % 13) / 4.0, "status", minute % 9 == 0 ? "WARN" : "OK")));
        }
        return readings;
    }
}
