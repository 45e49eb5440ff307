package io.bucketry.app.architecture.violating.codec;

/** Fixture: the codec layer, which keeps to its rule (it depends on the JDK alone). */
public final class Codec {

    private Codec() {
    }
}
