package io.bucketry.codec;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SealedBucketReaderTest {

    @Test
    void columnsReadFromAnOffsetOrPassedOverGiveTheBucketBitForBit() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int trial = 0; trial < 150; trial++) {
            // given: a random bucket encoded behind bytes that are not its own
            SealedBucket bucket = SealedBuckets.random(random);
            byte[] encoded = SealedBucketCodec.encode(bucket);
            byte[] prefix = new byte[random.nextInt(40)];
            random.nextBytes(prefix);
            byte[] bytes = Arrays.copyOf(prefix, prefix.length + encoded.length);
            System.arraycopy(encoded, 0, bytes, prefix.length, encoded.length);
            String what = "seed " + seed + ", trial " + trial;

            // when: each column is decoded or passed over at random
            SealedBucketReader reader = SealedBucketReader.open(bytes, prefix.length);
            Map<String, Column> read = new LinkedHashMap<>();
            List<String> names = new ArrayList<>();
            while (reader.nextColumn()) {
                names.add(reader.name());
                if (random.nextInt(3) == 0) {
                    continue;
                }
                read.put(reader.name(), readColumn(reader, random.nextBoolean()));
            }
            reader.requireEnd();

            // then: the times, the names and every column read are the bucket's
            assertThat(names).as(what).isEqualTo(List.copyOf(bucket.columns().keySet()));
            Map<String, Column> expected = new LinkedHashMap<>(bucket.columns());
            expected.keySet().retainAll(read.keySet());
            SealedBuckets.assertSame(SealedBucket.of(bucket.times(), expected), SealedBucket.of(reader.times(), read), what);
        }
    }

    @Test
    void anAbsentNumberIsNaNAndAnAbsentTextNull() {
        BitSet absent = new BitSet();
        absent.set(0);
        Map<String, Column> columns = new LinkedHashMap<>();
        columns.put("temperature", NumericColumn.of(new double[] {9, 21.5, -0.0}, absent));
        columns.put("status", TextColumn.of("OK", "WARN", null));
        byte[] bytes = SealedBucketCodec.encode(SealedBucket.of(new long[] {0, 60_000, 120_000}, columns));

        SealedBucketReader reader = SealedBucketReader.open(bytes, 0);
        double[] numbers = new double[3];
        assertThat(reader.nextColumn() && reader.nameIs("temperature") && !reader.nameIs("temperatur")).isTrue();
        reader.numbers(numbers);
        assertThat(reader.nextColumn() && reader.nameIs("status") && reader.isText()).isTrue();
        assertThat(reader.isAbsent(2)).isTrue();
        int[] codes = new int[3];
        String[] dictionary = reader.texts(codes);

        assertThat(reader.times()).containsExactly(0, 60_000, 120_000);
        assertThat(Double.doubleToRawLongBits(numbers[0])).isEqualTo(Double.doubleToRawLongBits(Double.NaN));
        assertThat(Double.doubleToRawLongBits(numbers[2])).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(numbers[1]).isEqualTo(21.5);
        assertThat(codes).containsExactly(0, 1, -1);
        assertThat(dictionary).containsExactly("OK", "WARN");
        assertThat(reader.nextColumn()).isFalse();
    }

    @Test
    void damagedBytesPassedOverFailWithTheCodecsClearError() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        int refused = 0;
        for (int trial = 0; trial < 500; trial++) {
            byte[] bytes = SealedBucketCodec.encode(SealedBuckets.random(random));
            byte[] damaged = Arrays.copyOf(bytes, random.nextInt(bytes.length + 1));
            if (damaged.length > 0 && random.nextBoolean()) {
                damaged[random.nextInt(damaged.length)] ^= (byte) (1 << random.nextInt(8));
            }
            try {
                SealedBucketReader reader = SealedBucketReader.open(damaged, 0);
                while (reader.nextColumn()) {
                    reader.isText();   // passed over by the next call
                }
                reader.requireEnd();
            } catch (IllegalArgumentException clear) {
                assertThat(clear).as("seed " + seed).hasMessageStartingWith("not a valid sealed bucket: ");
                refused++;
            }
        }
        assertThat(refused).as("seed " + seed + ": damaged inputs refused").isGreaterThan(150);
    }

    @Test
    void aColumnIsReadOnceAndAsItsOwnKind() {
        byte[] bytes = SealedBucketCodec.encode(SealedBucket.of(new long[] {5}, Map.of("x", NumericColumn.of(1.5))));
        SealedBucketReader reader = SealedBucketReader.open(bytes, 0);

        assertThatThrownBy(reader::name).isInstanceOf(IllegalStateException.class).hasMessageContaining("nextColumn");
        reader.nextColumn();
        assertThatThrownBy(() -> reader.texts(new String[1])).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("numeric");
        assertThatThrownBy(() -> reader.numbers(new double[0])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("an array of 0 for 1 rows");
        reader.numbers(new double[1]);
        assertThatThrownBy(() -> reader.numbers(new double[1])).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("read already");
    }

    private static Column readColumn(SealedBucketReader reader, boolean asCodes) {
        if (reader.isText()) {
            String[] texts = new String[reader.count()];
            if (asCodes) {
                int[] codes = new int[reader.count()];
                String[] dictionary = reader.texts(codes);
                for (int row = 0; row < codes.length; row++) {
                    texts[row] = codes[row] < 0 ? null : dictionary[codes[row]];
                }
            } else {
                reader.texts(texts);
            }
            return TextColumn.of(texts);
        }
        BitSet absent = reader.absentRows();
        double[] numbers = new double[reader.count()];
        reader.numbers(numbers);
        for (int row = 0; row < numbers.length; row++) {
            assertThat(!absent.get(row) || Double.isNaN(numbers[row])).as("absent row %d is NaN", row).isTrue();
        }
        return NumericColumn.of(numbers, absent);
    }
}
