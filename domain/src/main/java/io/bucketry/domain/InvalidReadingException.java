package io.bucketry.domain;

import java.util.Objects;

/** A reading (or one of its parts) breaks a domain rule; carries the rule's rejection reason. */
public final class InvalidReadingException extends IllegalArgumentException {

    private final RejectionReason reason;

    public InvalidReadingException(RejectionReason reason, String message) {
        super(message);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public RejectionReason reason() {
        return reason;
    }
}
