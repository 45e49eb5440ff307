package io.bucketry.tools.bench;

/** One request body of the benchmark, encoded before the feed: {@code readings} readings in {@code body}. */
record Batch(byte[] body, int readings) {
}
