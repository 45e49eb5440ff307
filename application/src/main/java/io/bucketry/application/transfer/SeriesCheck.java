package io.bucketry.application.transfer;

import io.bucketry.domain.SeriesId;

/**
 * The outcome of migrating one series: what its copy did and whether the target now holds what the
 * source holds.
 *
 * @param skipped true when the target already matched, so nothing was copied
 * @param accepted readings the target stored in this run
 * @param duplicates readings the target already held (a resumed run)
 * @param rejected readings the target refused; {@code firstRejection} says why the first one was
 * @param firstRejection null when none was refused
 */
public record SeriesCheck(SeriesId series, SeriesDigest source, SeriesDigest target, boolean skipped,
                          long accepted, long duplicates, long rejected, String firstRejection) {

    /** True when count, first and last time and checksum agree. */
    public boolean matches() {
        return source.equals(target);
    }
}
