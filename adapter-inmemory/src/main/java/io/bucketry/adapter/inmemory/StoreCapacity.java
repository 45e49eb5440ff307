package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.StoreFullException;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The in-memory store's bound: an estimate of the heap its readings hold, kept under a limit, plus
 * the JVM's own tenured-heap gauge as a backstop, so that a batch is refused with a clear error
 * before the heap runs out (an {@link OutOfMemoryError} would lose the request and may leave a
 * bucket half-written). A reading is estimated at {@value #READING_OVERHEAD} bytes plus 8 per field,
 * which is what a row costs in a bucket's array (a little more than a row measures, so the estimate
 * errs high); a new series at {@value #SERIES_OVERHEAD} bytes plus its id's length (see there); a
 * bucket's distinct texts are not counted, which the gauge covers.
 */
final class StoreCapacity {

    static final int READING_OVERHEAD = 16;
    /**
     * What a new series holds besides its readings and its id's characters: its object, arrays and
     * first bucket with room for 16 rows, its id's String and SeriesId, and its share of the stripe's
     * table at half load, on HotSpot with compressed references (measured with a heap of 100,000 new
     * series of one reading each: NewSeriesHeapTest), rounded up.
     */
    static final int SERIES_OVERHEAD = 720;
    /** A version's objects besides its tags: SeriesVersions, its arrays, the meta, tags record and map. */
    static final int VERSION_OVERHEAD = 200;
    /** A measurement's String header and array header. */
    static final int MEASUREMENT_OVERHEAD = 48;
    /** One tag's map entry, its two strings' headers, and its entries in the tag index (a value map node, a set). */
    static final int TAG_OVERHEAD = 400;
    /** The largest {@link #versionEstimate} of a valid meta: the longest measurement, and the most tags of the longest keys and values. */
    static final long MAX_VERSION_ESTIMATE = VERSION_OVERHEAD + 2L * Tags.MAX_VALUE_LENGTH + MEASUREMENT_OVERHEAD
            + Tags.MAX_TAGS * (TAG_OVERHEAD + 2L * (Tags.MAX_KEY_LENGTH + Tags.MAX_VALUE_LENGTH));
    /** Share of the heap the default limit allows the store; the rest is for requests, queries and GC room. */
    static final double DEFAULT_HEAP_SHARE = 0.5;
    /** Share of the tenured heap in use at which writes stop whatever the estimate says. */
    static final double TENURED_CEILING = 0.92;

    private final long limitBytes;
    private final LongSupplier tenuredPercentUsed;
    private final AtomicLong readings = new AtomicLong();
    private final AtomicLong series = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();

    StoreCapacity(long limitBytes, LongSupplier tenuredPercentUsed) {
        if (limitBytes <= 0) {
            throw new IllegalArgumentException("memory limit must be positive, got " + limitBytes + " bytes");
        }
        this.limitBytes = limitBytes;
        this.tenuredPercentUsed = tenuredPercentUsed;
    }

    /** The default: half of the JVM's maximum heap, with the JVM's tenured heap as the backstop. */
    static StoreCapacity ofHeapShare() {
        return new StoreCapacity((long) (Runtime.getRuntime().maxMemory() * DEFAULT_HEAP_SHARE), StoreCapacity::tenuredPercent);
    }

    static StoreCapacity ofLimit(long limitBytes) {
        return new StoreCapacity(limitBytes, StoreCapacity::tenuredPercent);
    }

    long limitBytes() {
        return limitBytes;
    }

    /** The estimated bytes of the readings held now. */
    long heldBytes() {
        return bytes.get();
    }

    /** The estimated bytes of a batch, all of it taken as new. */
    static long estimate(List<Reading> batch) {
        long total = 0;
        for (Reading reading : batch) {
            total += estimate(reading);
        }
        return total;
    }

    static long estimate(Reading reading) {
        return READING_OVERHEAD + 8L * reading.fields().size();
    }

    /** The estimated heap of a new series of {@code id}, besides its readings. */
    static long seriesEstimate(SeriesId id) {
        return SERIES_OVERHEAD + id.value().length();
    }

    /**
     * The estimated heap of a new version of a series written with {@code meta}: its {@link SeriesVersions} share,
     * the meta's objects (tags record, map and entries, strings at two bytes a character, taken as the series' own)
     * and its entries in the {@link TagIndex}; 0 for no meta. Generous, as a tag set per series is (a host tag).
     */
    static long versionEstimate(SeriesMeta meta) {
        if (meta.isNone()) {
            return 0;
        }
        long bytes = VERSION_OVERHEAD + (meta.measurement() == null ? 0 : 2L * meta.measurement().length() + MEASUREMENT_OVERHEAD);
        for (Map.Entry<String, String> tag : meta.tags().values().entrySet()) {
            bytes += TAG_OVERHEAD + 2L * (tag.getKey().length() + tag.getValue().length());
        }
        return bytes;
    }

    /** {@link #versionEstimate} of every version of {@code metas}. */
    static long versionsEstimate(List<SeriesMeta> metas) {
        long bytes = 0;
        for (SeriesMeta meta : metas) {
            bytes += versionEstimate(meta);
        }
        return bytes;
    }

    /**
     * Refuses a batch of {@code readingsInBatch} readings that does not fit, before anything of it is stored:
     * its readings of {@code readingBytes} (all taken as new) and the series it starts. While there is
     * room for a new series of the longest id per reading, the series are not looked up; nearer the
     * limit {@code newSeriesBytes} answers the estimate of the series the batch would start.
     */
    void admit(int readingsInBatch, long readingBytes, LongSupplier newSeriesBytes) {
        admit(readingsInBatch, readingBytes, () -> 0, newSeriesBytes);
    }

    /**
     * As {@link #admit(int, long, LongSupplier)}, each reading taken as a new version too: {@code versionBytes}
     * in all. That sum reads every reading's meta, so it is asked only when the batch would not fit were each
     * version the largest ({@link #MAX_VERSION_ESTIMATE}): the answer is the same, the metas are not read.
     */
    void admit(int readingsInBatch, long readingBytes, LongSupplier versionBytes, LongSupplier newSeriesBytes) {
        long certain = readingBytes + (long) readingsInBatch * (SERIES_OVERHEAD + SeriesId.MAX_LENGTH);
        long worst = certain + readingsInBatch * MAX_VERSION_ESTIMATE;
        if (bytes.get() + worst > limitBytes) {
            worst = certain + versionBytes.getAsLong();
        }
        long more = bytes.get() + worst <= limitBytes ? worst : readingBytes + newSeriesBytes.getAsLong();
        String full = fullness(more);
        if (full != null) {
            throw new StoreFullException("the in-memory store cannot take these " + readingsInBatch + " readings: "
                    + full + "; none of them was stored, and sending the batch again is safe (readings already stored count "
                    + "as duplicates). Delete series, shorten retention, raise "
                    + "memoryLimit or the JVM's -Xmx, or use a MongoDB backend");
        }
    }

    /** Counts {@code count} series of {@code bytes} (by {@link #seriesEstimate}) as started. */
    void seriesAdded(long count, long bytes) {
        if (count > 0) {
            series.addAndGet(count);
            this.bytes.addAndGet(bytes);
        }
    }

    /** Counts {@code count} series of {@code bytes} (by {@link #seriesEstimate}) as gone. */
    void seriesRemoved(long count, long bytes) {
        if (count > 0) {
            series.addAndGet(-count);
            bytes(-bytes);
        }
    }

    /** Counts what a batch stored: {@code accepted} of its readings, of {@code estimate} bytes for all of them. */
    void added(int accepted, int readingsInBatch, long estimate) {
        if (accepted > 0) {
            readings.addAndGet(accepted);
            bytes.addAndGet(accepted == readingsInBatch ? estimate : estimate / readingsInBatch * accepted);
        }
    }

    /** Counts {@code removed} readings of {@code bytes} (their buckets' own accounting) as gone. */
    void removed(long removed, long bytes) {
        if (removed > 0 || bytes != 0) {
            readings.addAndGet(-removed);
            bytes(-bytes);
        }
    }

    /** Whether the readings held take more than three quarters of the limit. */
    boolean nearLimit() {
        return bytes.get() > limitBytes - limitBytes / 4;
    }

    /** Counts a change of {@code delta} bytes of the readings held (sealing shrinks them; a late reading may grow them). */
    void changed(long delta) {
        bytes(delta);
    }

    private void bytes(long delta) {
        // never below zero: the admission estimate of a batch with duplicates is an average
        bytes.accumulateAndGet(delta, (held, change) -> Math.max(0, held + change));
    }

    /** Counts {@code removed} readings as gone, at the average estimate of those held. */
    void removed(long removed) {
        if (removed <= 0) {
            return;
        }
        long held = readings.get();
        long share = held <= removed ? bytes.get() : (long) ((double) bytes.get() * removed / held);
        readings.addAndGet(-removed);
        bytes.addAndGet(-share);
    }

    /** Down once not even the smallest reading (one field) fits, or the tenured heap is nearly full. */
    StoreHealth health() {
        String full = fullness(READING_OVERHEAD + 8);
        return full == null ? StoreHealth.healthy() : StoreHealth.down("the in-memory store cannot take writes: " + full);
    }

    /** Why nothing of {@code more} bytes fits, or null when it does. */
    private String fullness(long more) {
        long held = bytes.get();
        if (held + more > limitBytes) {
            return "it holds " + readings.get() + " readings of " + series.get() + " series (about " + mib(held)
                    + " MiB) and its memory limit is "
                    + mib(limitBytes) + " MiB";
        }
        long tenured = tenuredPercentUsed.getAsLong();
        if (tenured >= Math.round(TENURED_CEILING * 100)) {
            return "the JVM's long-lived heap is " + tenured + "% full";
        }
        return null;
    }

    private static long mib(long bytes) {
        return bytes >> 20;
    }

    /**
     * The fullest heap pool that collects long-lived objects (G1 Old Gen, Tenured Gen, …), in percent
     * of its maximum, as its last collection left it: what is in use now also counts garbage promoted
     * since (a refused batch's parsed readings), which the next collection takes back, and answered
     * DOWN for a heap that was not full. Before the pool's first collection, its use now. 0 where no
     * pool states a maximum.
     */
    static long tenuredPercent() {
        long worst = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            // of the heap pools, only the long-lived ones support a usage threshold (not eden, not survivor)
            if (pool.getType() != MemoryType.HEAP || !pool.isUsageThresholdSupported()) {
                continue;
            }
            MemoryUsage collected = pool.getCollectionUsage();
            MemoryUsage usage = collected != null && collected.getUsed() > 0 ? collected : pool.getUsage();
            if (usage.getMax() > 0) {
                worst = Math.max(worst, usage.getUsed() * 100 / usage.getMax());
            }
        }
        return worst;
    }
}
