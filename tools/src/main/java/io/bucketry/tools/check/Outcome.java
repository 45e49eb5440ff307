package io.bucketry.tools.check;

import java.util.Objects;

/** The result of one check: PASS, FAIL or SKIP, with what was seen or why it was skipped. */
public record Outcome(Status status, String detail) {

    /** How a check ended. */
    public enum Status { PASS, FAIL, SKIP }

    public Outcome {
        Objects.requireNonNull(status, "status");
        detail = detail == null ? "" : detail.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    public static Outcome pass(String detail) {
        return new Outcome(Status.PASS, detail);
    }

    public static Outcome fail(String detail) {
        return new Outcome(Status.FAIL, detail);
    }

    public static Outcome skip(String reason) {
        return new Outcome(Status.SKIP, reason);
    }

    /** PASS with {@code detail} when {@code condition} holds, otherwise FAIL with {@code failure}. */
    public static Outcome when(boolean condition, String detail, String failure) {
        return condition ? pass(detail) : fail(failure);
    }
}
