package io.bucketry.application.port.in;

/**
 * Use case: remove buckets past retention + grace from storage (queries already hide expired
 * readings; this frees the space). Answers how many buckets were removed.
 */
public interface ReclaimExpiredUseCase {

    long reclaim();
}
