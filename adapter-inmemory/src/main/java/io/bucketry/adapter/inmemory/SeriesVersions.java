package io.bucketry.adapter.inmemory;

import io.bucketry.domain.SeriesMeta;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The metas a series' readings were written with, each stored once, and which reading has which: runs
 * of time, each from a reading's time on, with the version of the readings from there up to the next
 * run. Readings mostly arrive in time order, so a version change is one run; a late reading written
 * with another meta than its neighbours splits a run in two around its millisecond (identity is
 * (series, time), so no other reading shares it). No cost per reading: a series that never changed
 * has no runs. Not thread-safe: the stripe's lock guards it.
 */
final class SeriesVersions {

    private SeriesMeta[] metas;
    /** Time from which the readings have version {@code value}; null while every reading has {@code metas[0]}. */
    private TreeMap<Long, Integer> runs;
    /** The latest time recorded (every stored reading's time is at or before it). */
    private long maxTime;

    private SeriesVersions(SeriesMeta first, long maxTime) {
        this.metas = new SeriesMeta[] {first};
        this.maxTime = maxTime;
    }

    /** The versions of a series whose readings, up to {@code maxTime}, all have {@code meta}. */
    static SeriesVersions of(SeriesMeta meta, long maxTime) {
        return new SeriesVersions(meta, maxTime);
    }

    /**
     * Records that the reading at {@code time}, just stored, was written with {@code meta}; answers the
     * meta when it is a version this series did not have before (else null).
     */
    SeriesMeta record(long time, SeriesMeta meta) {
        int current = versionAt(time);
        boolean latest = time > maxTime;
        maxTime = Math.max(maxTime, time);
        if (metas[current] == meta || metas[current].equals(meta)) {
            return null;
        }
        int version = indexOf(meta);
        boolean added = version < 0;
        if (added) {
            version = metas.length;
            metas = Arrays.copyOf(metas, version + 1);
            metas[version] = meta;
        }
        if (runs == null) {
            runs = new TreeMap<>();
            runs.put(Long.MIN_VALUE, 0);
        }
        // a reading after every other one changes what follows it; a late one only its own millisecond
        if (!latest && time < Long.MAX_VALUE) {
            runs.putIfAbsent(time + 1, current);
        }
        runs.put(time, version);
        return added ? meta : null;
    }

    /** The meta of every reading while there is one version, else null. */
    SeriesMeta sole() {
        return runs == null ? metas[0] : null;
    }

    /**
     * Learns that a reading at {@code time} is stored, where its meta was not recorded: while there is one
     * version, a writer need not record each reading, only bring the latest time up to date before the next
     * version starts (which readings follow it depends on that time).
     */
    void catchUp(long time) {
        maxTime = Math.max(maxTime, time);
    }

    /** The meta of the reading at {@code time}. */
    SeriesMeta at(long time) {
        return metas[versionAt(time)];
    }

    /** The meta of the latest reading by time. */
    SeriesMeta latest() {
        return at(maxTime);
    }

    /** Every version, in the order first written. */
    List<SeriesMeta> metas() {
        return List.of(metas);
    }

    /** How many version changes are recorded (for tests and heap accounting). */
    int runCount() {
        return runs == null ? 0 : runs.size() - 1;
    }

    private int versionAt(long time) {
        if (runs == null) {
            return 0;
        }
        Map.Entry<Long, Integer> run = runs.floorEntry(time);
        return run.getValue();
    }

    private int indexOf(SeriesMeta meta) {
        for (int i = 0; i < metas.length; i++) {
            if (metas[i].equals(meta)) {
                return i;
            }
        }
        return -1;
    }
}
