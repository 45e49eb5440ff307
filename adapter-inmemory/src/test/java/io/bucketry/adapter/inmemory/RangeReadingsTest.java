package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A range's readings as runs of decoded columns and built readings read as one plain, immutable list. */
class RangeReadingsTest {

    private static final SeriesId SENSOR = SeriesId.of("sensor-1");
    private static final Instant NINE = Instant.parse("2026-07-21T09:00:00Z");

    @Test
    void runsOfDecodedAndBuiltReadingsReadAsOneListInTheirOrder() {
        // given: minutes 0-9 sealed, 10-11 built, 12-14 sealed again, with empty runs between
        List<Reading> first = readings(0, 10);
        List<Reading> built = readings(10, 12);
        List<Reading> last = readings(12, 15);
        RangeReadings list = RangeReadings.builder()
                .decoded(decoded(first), 0, 10)
                .built(List.of())
                .built(built)
                .decoded(decoded(last), 0, 0)
                .decoded(decoded(last), 0, 3)
                .build();

        // then: by index, by iterator, and as a list equal to the readings themselves
        List<Reading> expected = new ArrayList<>(first);
        expected.addAll(built);
        expected.addAll(last);
        assertThat(list).hasSize(15).isEqualTo(expected).hasSameHashCodeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(list.get(i)).as("reading %d", i).isEqualTo(expected.get(i));
        }
        List<Reading> iterated = new ArrayList<>();
        list.iterator().forEachRemaining(iterated::add);
        assertThat(iterated).isEqualTo(expected);
        assertThat(list.subList(9, 13)).isEqualTo(expected.subList(9, 13));
    }

    @Test
    void aDecodedRunStartsAndEndsWhereTheRangeCutsItsBucket() {
        // given
        List<Reading> bucket = readings(0, 10);

        // when
        RangeReadings list = RangeReadings.builder().decoded(decoded(bucket), 3, 7).build();

        // then
        assertThat(list).isEqualTo(bucket.subList(3, 7));
        assertThatThrownBy(() -> RangeReadings.builder().decoded(decoded(bucket), 3, 11))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void theListIsImmutableAndRefusesIndexesOutsideIt() {
        // given
        RangeReadings list = RangeReadings.builder().built(readings(0, 2)).build();
        RangeReadings empty = RangeReadings.builder().build();

        // then
        assertThatThrownBy(() -> list.add(list.get(0))).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> list.remove(0)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> list.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> list.get(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(empty).isEmpty();
        assertThatThrownBy(() -> empty.get(0)).isInstanceOf(IndexOutOfBoundsException.class);
        Iterator<Reading> done = empty.iterator();
        assertThat(done.hasNext()).isFalse();
        assertThatThrownBy(done::next).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void aReadingAskedForTwiceIsBuiltTwiceAndEqual() {
        // given
        RangeReadings list = RangeReadings.builder().decoded(decoded(readings(0, 3)), 0, 3).build();

        // then: plain values, each built when asked for
        assertThat(list.get(1)).isEqualTo(list.get(1)).isNotSameAs(list.get(1));
    }

    @Test
    void manyRunsGrowTheBuilderAndStayInOrder() {
        // given: 40 runs of one reading each, sealed and built in turn
        RangeReadings.Builder builder = RangeReadings.builder();
        List<Reading> expected = new ArrayList<>();
        for (int minute = 0; minute < 40; minute++) {
            List<Reading> one = readings(minute, minute + 1);
            expected.addAll(one);
            if (minute % 2 == 0) {
                builder.decoded(decoded(one), 0, 1);
            } else {
                builder.built(one);
            }
        }

        // then
        assertThat(builder.size()).isEqualTo(40);
        RangeReadings list = builder.build();
        assertThat(list).isEqualTo(expected);
        assertThat(list.get(39)).isEqualTo(expected.get(39));
        assertThat(list.get(20)).isEqualTo(expected.get(20));
    }

    private static DecodedColumns decoded(List<Reading> readings) {
        PackedBucket open = PackedBucket.open(SENSOR, NINE.toEpochMilli(), 0, BucketPolicy.defaults());
        readings.forEach(open::add);
        return SealedColumns.of(open).decode(SENSOR, Sealing.off(), DecodedColumns.Need.ALL);
    }

    private static List<Reading> readings(int fromMinute, int toMinute) {
        List<Reading> readings = new ArrayList<>();
        for (int minute = fromMinute; minute < toMinute; minute++) {
            Map<String, Object> fields = minute % 3 == 0 ? Map.of("temperature", 20.0 + minute, "status", "OK")
                    : Map.of("temperature", 20.0 + minute);
            readings.add(Reading.of(SENSOR.value(), NINE.plus(Duration.ofMinutes(minute)), fields));
        }
        return readings;
    }
}
