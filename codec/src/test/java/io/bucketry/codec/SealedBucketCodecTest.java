package io.bucketry.codec;

import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SealedBucketCodecTest {

    @Test
    void aBucketWithNumericAndTextColumnsAndAbsentValuesRoundTrips() {
        long[] times = {1000, 61_000, 121_000};
        BitSet absent = new BitSet();
        absent.set(1);
        Map<String, Column> columns = new LinkedHashMap<>();
        columns.put("temperature", NumericColumn.of(new double[] {21.5, 0, -0.0}, absent));
        columns.put("status", TextColumn.of("OK", null, "WARN"));
        SealedBucket bucket = SealedBucket.of(times, columns);

        SealedBucket decoded = SealedBucketCodec.decode(SealedBucketCodec.encode(bucket));

        SealedBuckets.assertSame(bucket, decoded, "three rows");
        assertThat(decoded.columns().get("temperature").isAbsent(1)).isTrue();
        assertThat(((TextColumn) decoded.columns().get("status")).value(1)).isNull();
    }

    @Test
    void theFirstByteIsTheFormatVersionAndAnotherVersionIsRefused() {
        byte[] bytes = SealedBucketCodec.encode(SealedBucket.of(new long[] {5}, Map.of("x", NumericColumn.of(1.5))));

        assertThat(bytes[0]).isEqualTo((byte) SealedBucketCodec.VERSION);
        bytes[0] = (byte) (SealedBucketCodec.VERSION + 1);
        assertThatThrownBy(() -> SealedBucketCodec.decode(bytes)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("format version " + (SealedBucketCodec.VERSION + 1));
        bytes[0] = 0;
        assertThatThrownBy(() -> SealedBucketCodec.decode(bytes)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("format version 0");
    }

    @Test
    void timesThatDoNotIncreaseAreRefusedWithTheOffendingRow() {
        assertThatThrownBy(() -> SealedBucket.of(new long[] {5, 9, 9}, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("time 9 of row 2");
    }

    @Test
    void aColumnOfAnotherLengthIsRefusedByName() {
        assertThatThrownBy(() -> SealedBucket.of(new long[] {5, 9}, Map.of("p", NumericColumn.of(1.0))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("column 'p' has 1 rows");
    }

    @Test
    void randomBucketsRoundTripBitForBit() {
        Property.forAll(200, draws -> {
            long seed = draws.draw("bucket seed", Gen.anyLong());
            SealedBucket bucket = SealedBuckets.random(new Random(seed));

            SealedBuckets.assertSame(bucket, SealedBucketCodec.decode(SealedBucketCodec.encode(bucket)), "seed " + seed);
        });
    }

    @Test
    @Timeout(120)
    void mutatedOrTruncatedBytesFailWithAClearErrorOrDecodeToSomeBucket() {
        int[] refused = new int[1];
        Property.forAll(300, draws -> {
            long seed = draws.draw("bucket seed", Gen.anyLong());
            Random random = new Random(seed);
            byte[] bytes = SealedBucketCodec.encode(SealedBuckets.random(random));
            for (int trial = 0; trial < 20; trial++) {
                byte[] damaged = damage(random, bytes);
                try {
                    SealedBucketCodec.decode(damaged);
                } catch (IllegalArgumentException clear) {
                    assertThat(clear).hasMessageStartingWith("not a valid sealed bucket: ");
                    refused[0]++;
                }
            }
        });
        assertThat(refused[0]).as("damaged inputs refused").isGreaterThan(1000);
    }

    private static byte[] damage(Random random, byte[] bytes) {
        return switch (random.nextInt(4)) {
            case 0 -> Arrays.copyOf(bytes, random.nextInt(bytes.length + 1));
            case 1 -> {
                byte[] flipped = bytes.clone();
                int i = random.nextInt(flipped.length);
                flipped[i] ^= (byte) (1 << random.nextInt(8));
                yield flipped;
            }
            case 2 -> {
                byte[] overwritten = bytes.clone();
                for (int n = 1 + random.nextInt(4); n > 0; n--) {
                    overwritten[random.nextInt(overwritten.length)] = (byte) random.nextInt(256);
                }
                yield overwritten;
            }
            default -> {
                byte[] garbage = new byte[random.nextInt(64)];
                random.nextBytes(garbage);
                yield List.of(garbage, Arrays.copyOf(bytes, bytes.length + 1 + random.nextInt(3))).get(random.nextInt(2));
            }
        };
    }
}
