package io.bucketry.application.port.in;

import java.util.Objects;

/**
 * A request as a whole is refused (a batch too large, a range whose start is not before its end,
 * a non-positive window, too many windows); {@code code} is a stable machine-readable name.
 */
public final class InvalidRequestException extends IllegalArgumentException {

    private final String code;

    public InvalidRequestException(String code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    public String code() {
        return code;
    }
}
