package io.bucketry.tools.check;

import io.bucketry.bootstrap.config.Backend;

import java.util.EnumSet;
import java.util.Set;

/**
 * One named check of {@code bucketry check}: a behaviour of the contract or a property of the
 * server, run in its own collection of the scratch database. Checks are data: lists of these.
 *
 * @param backends the backends the check applies to
 */
public record Check(String name, Set<Backend> backends, Body body) {

    /** What a check does; an exception it throws is reported as FAIL with its message. */
    @FunctionalInterface
    public interface Body {
        Outcome run(CheckContext context) throws Exception;
    }

    /** A check of both Mongo backends. */
    public static Check of(String name, Body body) {
        return new Check(name, EnumSet.of(Backend.MONGO_BUCKET, Backend.MONGO_TIMESERIES), body);
    }

    /** A check of one backend only. */
    public static Check only(Backend backend, String name, Body body) {
        return new Check(name, EnumSet.of(backend), body);
    }

    boolean appliesTo(Backend backend) {
        return backends.contains(backend);
    }
}
