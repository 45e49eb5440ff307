package io.bucketry.application.transfer;

import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesMeta;

import java.time.Instant;
import java.util.Map;

/**
 * What a series holds, in a form two stores can compare: the count of readings, the first and last
 * time, and an order-independent checksum, the sum (modulo 2^64) over readings of a 64-bit hash of
 * (time, and per field its name and value: a number's IEEE-754 bits or a text's characters). Field
 * order and reading order do not change it; a missing, extra or altered reading does (with
 * overwhelming likelihood), and so does a reading's measurement and tags, where it has any (a reading
 * without them hashes as before there were tags).
 *
 * @param first null for an empty series
 * @param last null for an empty series
 */
public record SeriesDigest(long count, Instant first, Instant last, long checksum) {

    /** The digest of no readings. */
    public static final SeriesDigest EMPTY = new SeriesDigest(0, null, null, 0);

    /** This digest with {@code reading} added (readings may come in any order). */
    public SeriesDigest plus(Reading reading) {
        Instant time = reading.time();
        return new SeriesDigest(count + 1, first == null || time.isBefore(first) ? time : first,
                last == null || time.isAfter(last) ? time : last, checksum + hash(reading));
    }

    /** The checksum as 16 hex digits, as reports show it. */
    public String checksumHex() {
        return String.format("%016x", checksum);
    }

    static long hash(Reading reading) {
        long fields = 0;
        for (Map.Entry<String, FieldValue> field : reading.fields().entrySet()) {
            long name = text(field.getKey());
            long value = field.getValue() instanceof FieldValue.Numeric numeric
                    ? mix(Double.doubleToLongBits(numeric.value())) : ~text(field.getValue().toString());
            fields += mix(name * 31 + value);
        }
        SeriesMeta meta = reading.meta();
        long tags = meta.equals(SeriesMeta.NONE) ? 0 : text(String.valueOf(meta.measurement()) + meta.tags().values());
        return mix(mix(reading.epochMilli()) ^ fields ^ tags);
    }

    private static long text(String text) {
        return mix(fnv1a(text));
    }

    /** FNV-1a, 64 bits, over the UTF-16 units of {@code text}. */
    static long fnv1a(String text) {
        long h = 0xcbf29ce484222325L; // FNV-1a 64 offset basis
        for (int i = 0; i < text.length(); i++) {
            h = (h ^ text.charAt(i)) * 0x100000001b3L;
        }
        return h;
    }

    /** SplitMix64's finaliser: spreads every input bit over the output. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
