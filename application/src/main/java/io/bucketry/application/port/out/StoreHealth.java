package io.bucketry.application.port.out;

import java.util.Objects;

/**
 * Whether a store can take writes now, as its cheapest probe found it (a server ping, a capacity check).
 *
 * @param up     true when the store answered and has room
 * @param reason why it is down, in the user's words; empty when up
 */
public record StoreHealth(boolean up, String reason) {

    public StoreHealth {
        Objects.requireNonNull(reason, "reason");
        if (up != reason.isEmpty()) {
            throw new IllegalArgumentException(up ? "a healthy store has no reason to be down, got '" + reason + "'"
                    : "a store that is down needs a reason");
        }
    }

    public static StoreHealth healthy() {
        return new StoreHealth(true, "");
    }

    public static StoreHealth down(String reason) {
        return new StoreHealth(false, reason);
    }
}
