package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Reading;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import static io.bucketry.domain.TestReadings.reading;
import static io.bucketry.domain.TestReadings.repeat;
import static org.assertj.core.api.Assertions.assertThat;

/** The in-memory store's measure against the byte ceiling (moved from the domain's Reading.storedSizeEstimate). */
class ReadingBytesTest {

    @Test
    void theBoundGrowsWithNamesAndTextsAndCoversTheLargestReading() {
        // given
        Reading small = reading(0, "a", 1);
        Reading longerName = reading(0, "abcdef", 1);
        Reading text = reading(0, "a", "OK");
        Map<String, Object> largest = new LinkedHashMap<>();
        for (int i = 0; i < 64; i++) {
            largest.put(("f" + i + repeat('x', 64)).substring(0, 64), repeat('y', 256));
        }

        // when
        int largestSize = ReadingBytes.upperBound(Reading.of("s", Instant.EPOCH, largest));

        // then
        assertThat(ReadingBytes.upperBound(longerName)).isEqualTo(ReadingBytes.upperBound(small) + 5);
        assertThat(ReadingBytes.upperBound(text)).isGreaterThan(ReadingBytes.upperBound(small));
        assertThat(largestSize).isLessThanOrEqualTo(BucketPolicy.MIN_BYTES);
    }

    @Test
    void anEmptyBucketAlwaysHasRoomForTheLargestValidReading() {
        // given: 64 fields with 64-character names and 256-character texts of 3-byte characters
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < FieldSchema.MAX_FIELDS; i++) {
            fields.put("f" + String.format("%063d", i), "\u20ac".repeat(FieldValue.MAX_TEXT_LENGTH));
        }
        Reading largest = Reading.of("s", Instant.EPOCH, fields);

        // then: the smallest byte ceiling still admits it into an empty bucket
        assertThat(ReadingBytes.upperBound(largest)).isLessThanOrEqualTo(BucketPolicy.MIN_BYTES);
        assertThat(BucketPolicy.paged(10).admits(0, 0, ReadingBytes.upperBound(largest))).isTrue();
    }
}
