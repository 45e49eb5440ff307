package io.bucketry.bootstrap.config;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.DurationText;
import io.bucketry.domain.SubWindows;

import java.time.Duration;

/**
 * The sub-windows a configuration's {@code subWindow} asks for, checked against its buckets and backend:
 * a configuration check and a policy the store is built with, one rule for both.
 */
final class SubWindowChoice {

    private SubWindowChoice() {
    }

    /**
     * The sub-windows of {@code subWindow} (off when 0), or an exception in the configuration's words
     * when buckets or the backend cannot keep them.
     */
    static SubWindows of(Backend backend, BucketPolicyKind kind, Duration width, int maxCount, Duration subWindow) {
        if (subWindow.isZero()) {
            return SubWindows.off();
        }
        String named = "subWindow " + DurationText.of(subWindow);
        if (kind == BucketPolicyKind.PAGED) {
            throw new IllegalArgumentException(named + " needs windowed buckets (bucketPolicy: windowed): paged buckets "
                    + "are pages of readings, not windows of time, so they have no sub-windows; set subWindow to 0s or off");
        }
        if (backend == Backend.MONGO_TIMESERIES) {
            throw new IllegalArgumentException(named + " cannot be kept by the mongo-timeseries backend: the server keeps "
                    + "its own buckets, so Bucketry has none to store summaries in; use mongo-bucket or inmemory, "
                    + "or set subWindow to 0s or off");
        }
        try {
            SubWindows subWindows = SubWindows.every(subWindow);
            BucketPolicy.windowed(width, maxCount).withSubWindows(subWindows);
            return subWindows;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("subWindow: " + e.getMessage(), e);
        }
    }
}
