package io.bucketry.application.port.out;

/** What a store did with a batch of valid readings: how many it stored and how many were duplicates. */
public record StoreResult(int accepted, int duplicates) {

    public StoreResult {
        if (accepted < 0 || duplicates < 0) {
            throw new IllegalArgumentException("store result counts must not be negative: " + accepted + ", " + duplicates);
        }
    }

    public static final StoreResult EMPTY = new StoreResult(0, 0);

    public StoreResult plus(StoreResult other) {
        return new StoreResult(accepted + other.accepted, duplicates + other.duplicates);
    }
}
