package io.bucketry.codec;

import org.junit.jupiter.api.Test;

import java.util.BitSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Buckets sealed by the codec of format version 1 (before exceptions for outliers, front bits, dictionaries
 * and differences) still decode bit for bit: the hex below is what that encoder wrote for the buckets each
 * test builds again ({@code SealedBucketCodec.encode}, version 1, in a one-off program on the previous jar).
 */
class FormatVersionOneTest {

    private static final String SPECIAL = "010a80a0abfef962c0a9070e0202ec2000730872800000000000000000000718090000000080ff2300000000000000fe" +
            "af00000000000000f87f037c4d00000000000010000000000000c0ff4b80666666666666fa07006009000000c0120000";
    private static final String RAW_AND_TEXT = "01040a0815db2bbb0b04e049315a88a8f6431280d2ae2816157e0b809a77fecc3c41ed7f02e6160181a72582ab202927" +
            "00010000";
    private static final String TWO_BLOCKS = "01cc0800c0a90792110202e0100040010050d4a3d983a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec41518f660f" +
            "8a7a347b50d4a3d983a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec41518f660f8a7a347b50d4a3d983a21ecd1e" +
            "14f568f6a0a847b307453d9a3d28ead1ec41518f660f8a7a347b50d4a3d983a21ecd1e14f568f6a0a847b307453d9a3d" +
            "28ead1ec41518f660f8a7a347b50d4a3d983a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec41518f660f8a7a347b" +
            "50d4a3d983a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec41518f660f8a7a347b50d4a3d983a21ecd1e14f568f6" +
            "a0a847b307453d9a3d28ead1ec41518f660f8a7a347b50d4a3d983a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec" +
            "41518f660f8a7a347b50d4a3d983a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec41518f660f8a7a347b50d4a3d9" +
            "83a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec41518f660f8a7a347b50d4a3d983a21ecd1e14f568f6a0a847b3" +
            "07453d9a3d28ead1ec41518f660f8a7a347b50d4a3d983a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec41518f66" +
            "0f8a7a347b50d4a3d983a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec41518f660f8a7a347b50d4a3d983a21ecd" +
            "1e14f568f6a0a847b307453d9a3d28ead1ec41518f660f8a7a347b50d4a3d983a21ecd1e14f568f6a0a847b307453d9a" +
            "3d28ead1ec41518f660f8a7a347b50d4a3d983a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec41518f660f8a7a34" +
            "7b50d4a3d983a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec41518f660f8a7a347b50d4a3d983a21ecd1e14f568" +
            "f6a0a847b307453d9a3d28ead1ec41518f660f8a7a347b50d4a3d983a21ecd1e1401001400508f660f8a7a347b50d4a3" +
            "d983a21ecd1e14f568f6a0a847b307453d9a3d28ead1ec41518f660f8a7a347b50d4a3d903";

    @Test
    void aDecimalBlockWithEverySpecialDoubleAsAnExceptionDecodes() {
        double[] values = {21.5, -0.0, 22.25, Double.longBitsToDouble(0x7FF0000000000123L), Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, 4.9e-320, 23.0, Double.NaN, 0.1 + 0.2};
        long[] times = new long[values.length];
        for (int i = 0; i < times.length; i++) {
            times[i] = 1_700_000_000_000L + 60_000L * i;
        }

        SealedBucket decoded = SealedBucketCodec.decode(HexFormat.of().parseHex(SPECIAL));

        SealedBuckets.assertSame(SealedBucket.of(times, Map.of("v", NumericColumn.of(values))), decoded, "version 1, specials");
    }

    @Test
    void aRawBlockWithAbsentRowsBesideATextColumnDecodesAndCanBePassedOver() {
        BitSet absent = new BitSet();
        absent.set(2);
        Map<String, Column> columns = new LinkedHashMap<>();
        columns.put("x", NumericColumn.of(new double[] {Math.PI, Math.E, 1.0 / 3, Math.sqrt(2)}, absent));
        columns.put("s", TextColumn.of("OK", null, "WARN", "OK"));
        byte[] bytes = HexFormat.of().parseHex(RAW_AND_TEXT);

        SealedBuckets.assertSame(SealedBucket.of(new long[] {5, 9, 1000, 1001}, columns), SealedBucketCodec.decode(bytes),
                "version 1, raw and text");
        SealedBucketReader reader = SealedBucketReader.open(bytes, 0);
        reader.nextColumn();
        reader.nextColumn();   // passes over the raw block unread
        assertThat(reader.name()).isEqualTo("s");
        String[] texts = new String[4];
        reader.texts(texts);
        assertThat(texts).containsExactly("OK", null, "WARN", "OK");
    }

    @Test
    void twoDecimalBlocksDecode() {
        double[] values = new double[1100];
        long[] times = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i % 7) * 0.5;
            times[i] = 60_000L * i;
        }

        SealedBucket decoded = SealedBucketCodec.decode(HexFormat.of().parseHex(TWO_BLOCKS));

        SealedBuckets.assertSame(SealedBucket.of(times, Map.of("p", NumericColumn.of(values))), decoded, "version 1, two blocks");
        assertThat(HexFormat.of().parseHex(TWO_BLOCKS)[0]).isEqualTo((byte) 1);
    }
}
