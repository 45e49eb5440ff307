package io.bucketry.domain;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One reading of one series at one instant, with one or more fields, and the {@link SeriesMeta}
 * (measurement and tags) it was written with. Its identity is (series, time), whatever its meta; time
 * has millisecond precision (finer is truncated toward the past).
 *
 * <p>A value object like a record of (series, time, fields), but it keeps the time as epoch
 * milliseconds: a query materialises thousands of stored readings, and an {@link Instant} each
 * would double the objects it allocates. {@link #time()} builds the Instant when asked.
 */
public final class Reading {

    private final SeriesId series;
    private final long epochMilli;
    private final Fields fields;
    private final SeriesMeta meta;

    public Reading(SeriesId series, Instant time, Fields fields) {
        this(series, time, fields, SeriesMeta.NONE);
    }

    /** A reading written with {@code meta}: one object, where {@link #withMeta} on a new reading would make two. */
    public Reading(SeriesId series, Instant time, Fields fields, SeriesMeta meta) {
        this(Objects.requireNonNull(series, "series"), epochMilliOf(time), fields, meta);
    }

    /** A reading at a time already in epoch milliseconds (a stored reading, say). */
    public static Reading at(SeriesId series, long epochMilli, Fields fields) {
        return new Reading(Objects.requireNonNull(series, "series"), epochMilli, fields, SeriesMeta.NONE);
    }

    private Reading(SeriesId series, long epochMilli, Fields fields, SeriesMeta meta) {
        if (fields == null) {
            throw new InvalidReadingException(RejectionReason.NO_FIELDS, "a reading needs at least one field");
        }
        this.series = series;
        this.epochMilli = epochMilli;
        this.fields = fields;
        this.meta = Objects.requireNonNull(meta, "meta");
    }

    /** This reading written with {@code meta} (itself when it already has it). */
    public Reading withMeta(SeriesMeta meta) {
        return meta.equals(this.meta) ? this : new Reading(series, epochMilli, fields, meta);
    }

    /** A reading from loosely typed parts; every rule is checked. */
    public static Reading of(String series, Instant time, Map<String, ?> fields) {
        return new Reading(new SeriesId(series), time, Fields.of(fields));
    }

    /** {@code time} truncated to milliseconds, or an {@link InvalidReadingException} if it has none. */
    public static Instant truncate(Instant time) {
        long epochMilli = epochMilliOf(time);
        return time.getNano() % 1_000_000 == 0 ? time : Instant.ofEpochMilli(epochMilli);
    }

    /** {@code time} in epoch milliseconds, truncated toward the past, or an {@link InvalidReadingException}. */
    private static long epochMilliOf(Instant time) {
        if (time == null) {
            throw new InvalidReadingException(RejectionReason.INVALID_TIME, "time is missing");
        }
        try {
            return time.toEpochMilli();   // floors: -0.5 ms is -1 ms, as truncating toward the past wants
        } catch (ArithmeticException e) {
            throw new InvalidReadingException(RejectionReason.INVALID_TIME,
                    "time " + time + " is outside the range of epoch milliseconds");
        }
    }

    public SeriesId series() {
        return series;
    }

    /** The time, whole milliseconds. */
    public Instant time() {
        return Instant.ofEpochMilli(epochMilli);
    }

    public Fields fields() {
        return fields;
    }

    /** The measurement and tags this reading was written with ({@link SeriesMeta#NONE}: none). */
    public SeriesMeta meta() {
        return meta;
    }

    /** Time in milliseconds since the Unix epoch. */
    public long epochMilli() {
        return epochMilli;
    }

    /** True when {@code other} has the same identity (series and time), whatever its fields. */
    public boolean sameIdentityAs(Reading other) {
        return series.equals(other.series) && epochMilli == other.epochMilli;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Reading reading && epochMilli == reading.epochMilli
                && series.equals(reading.series) && fields.equals(reading.fields) && meta.equals(reading.meta);
    }

    @Override
    public int hashCode() {
        return Objects.hash(series, epochMilli, fields, meta);
    }

    @Override
    public String toString() {
        return "Reading[series=" + series + ", time=" + time() + ", fields=" + fields
                + (meta.equals(SeriesMeta.NONE) ? "" : ", meta=" + meta) + "]";
    }
}
