package io.bucketry.bootstrap.architecture.violating.codec;

/** Fixture: the codec layer, which keeps to its rules (so that it is not empty). */
public final class ColumnCodec {
}
