package io.bucketry.application.transfer;

import io.bucketry.domain.Reading;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class SeriesDigestTest {

    private static final Instant T = Instant.parse("2030-07-21T00:00:00Z");

    private static SeriesDigest digest(List<Reading> readings) {
        SeriesDigest digest = SeriesDigest.EMPTY;
        for (Reading reading : readings) {
            digest = digest.plus(reading);
        }
        return digest;
    }

    private static List<Reading> readings(int count) {
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            readings.add(Reading.of("s", T.plusMillis(i * 1000L), Map.of("a", i * 1.5, "b", "x" + i)));
        }
        return readings;
    }

    @Test
    void theHashesAreTheirPublishedFunctions() {
        // FNV-1a 64 test vectors (Fowler, Noll, Vo) and SplitMix64's first output from state 0 (Vigna)
        assertThat(SeriesDigest.fnv1a("")).isEqualTo(0xcbf29ce484222325L);
        assertThat(SeriesDigest.fnv1a("a")).isEqualTo(0xaf63dc4c8601ec8cL);
        assertThat(SeriesDigest.fnv1a("foobar")).isEqualTo(0x85944171f73967e8L);
        assertThat(SeriesDigest.mix(0x9e3779b97f4a7c15L)).isEqualTo(0xe220a8397b1dcdafL);
    }

    @Test
    void aReadingsHashCombinesItsTimeAndEachFieldsNameAndValueAsTheFormatSays() {
        Reading reading = Reading.of("s", T, Map.of("a", 1.5, "b", "OK"));
        long a = SeriesDigest.mix(SeriesDigest.mix(SeriesDigest.fnv1a("a")) * 31
                + SeriesDigest.mix(Double.doubleToLongBits(1.5)));
        long b = SeriesDigest.mix(SeriesDigest.mix(SeriesDigest.fnv1a("b")) * 31
                + ~SeriesDigest.mix(SeriesDigest.fnv1a("OK")));

        assertThat(SeriesDigest.hash(reading)).isEqualTo(SeriesDigest.mix(SeriesDigest.mix(T.toEpochMilli()) ^ (a + b)));
    }

    @Test
    void theChecksumIsTheSumOfTheReadingsHashes() {
        List<Reading> readings = readings(3);
        long sum = 0;
        for (Reading reading : readings) {
            sum += SeriesDigest.hash(reading);
        }

        assertThat(digest(readings).checksum()).isEqualTo(sum);
    }

    @Test
    void theDigestDoesNotDependOnReadingOrderOrFieldOrder() {
        long seed = new Random().nextLong();
        List<Reading> readings = readings(50);
        List<Reading> shuffled = new ArrayList<>(readings);
        Collections.shuffle(shuffled, new Random(seed));
        Map<String, Object> ab = new LinkedHashMap<>();
        ab.put("a", 1.0);
        ab.put("b", "t");
        Map<String, Object> ba = new LinkedHashMap<>();
        ba.put("b", "t");
        ba.put("a", 1.0);

        assertThat(digest(shuffled)).as("seed %d", seed).isEqualTo(digest(readings));
        assertThat(digest(List.of(Reading.of("s", T, ab)))).isEqualTo(digest(List.of(Reading.of("s", T, ba))));
    }

    @Test
    void theDigestCountsAndBoundsTheReadings() {
        SeriesDigest digest = digest(readings(10));

        assertThat(digest.count()).isEqualTo(10);
        assertThat(digest.first()).isEqualTo(T);
        assertThat(digest.last()).isEqualTo(T.plusSeconds(9));
        assertThat(SeriesDigest.EMPTY.first()).isNull();
    }

    @Test
    void anAlteredValueTimeOrFieldNameChangesTheChecksum() {
        SeriesDigest original = digest(List.of(Reading.of("s", T, Map.of("a", 1.0))));

        assertThat(digest(List.of(Reading.of("s", T, Map.of("a", 1.0000000000000002)))).checksum())
                .isNotEqualTo(original.checksum());
        assertThat(digest(List.of(Reading.of("s", T.plusMillis(1), Map.of("a", 1.0)))).checksum())
                .isNotEqualTo(original.checksum());
        assertThat(digest(List.of(Reading.of("s", T, Map.of("b", 1.0)))).checksum()).isNotEqualTo(original.checksum());
        assertThat(digest(List.of(Reading.of("s", T, Map.of("a", "1.0")))).checksum()).isNotEqualTo(original.checksum());
    }

    @Test
    void twoReadingsThatSwapTheirValuesDiffer() {
        List<Reading> one = List.of(Reading.of("s", T, Map.of("a", 1.0)), Reading.of("s", T.plusMillis(1), Map.of("a", 2.0)));
        List<Reading> two = List.of(Reading.of("s", T, Map.of("a", 2.0)), Reading.of("s", T.plusMillis(1), Map.of("a", 1.0)));

        assertThat(digest(one).checksum()).isNotEqualTo(digest(two).checksum());
        assertThat(digest(one).checksumHex()).hasSize(16);
    }
}
