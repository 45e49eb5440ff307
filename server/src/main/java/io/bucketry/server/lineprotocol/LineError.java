package io.bucketry.server.lineprotocol;

import io.bucketry.domain.RejectionReason;

/** Why one line cannot be parsed; thrown inside the parser and turned into a rejection of that line. */
final class LineError extends RuntimeException {

    private final RejectionReason reason;

    LineError(RejectionReason reason, String message) {
        super(message, null, false, false);   // an expected outcome: no stack trace to fill
        this.reason = reason;
    }

    RejectionReason reason() {
        return reason;
    }
}
