package io.bucketry.application.port.out;

/** The store cannot be reached or failed to answer; adapters translate their driver's errors into it. */
public class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }

    public StoreUnavailableException(String message) {
        super(message);
    }

    /**
     * One line for a server that could not be reached or did not answer in time: what failed (the
     * backend and its operation), the server (host names only, never credentials), the driver's own
     * first sentence (which says how long it waited) and what to check.
     */
    public static StoreUnavailableException unreachable(String whatFailed, String server, String driverSays,
                                                        Throwable cause) {
        return new StoreUnavailableException(whatFailed + ": the server at " + server
                + " did not answer (" + firstSentence(driverSays) + "). Check that it is running and reachable from"
                + " here, and the hosts, port and TLS options of the connection string", cause);
    }

    /**
     * One line for an operation that did not complete within its time limit (a server that answers too
     * slowly, not one that is absent): the limit when the adapter knows it, in ms, else null, and what
     * raises it (e.g. the configuration key), else null.
     */
    public static StoreUnavailableException timedOut(String whatFailed, String server, Long limitMillis,
                                                     String raisedBy, Throwable cause) {
        return new StoreUnavailableException(whatFailed + ": the operation did not complete within its time limit"
                + (limitMillis == null ? "" : " of " + limitMillis + " ms")
                + (raisedBy == null ? "" : " (raise it with " + raisedBy + ")")
                + "; the server at " + server + " may be overloaded", cause);
    }

    /** One line for a server that refused the credentials of the connection string. */
    public static StoreUnavailableException refusedCredentials(String whatFailed, String server, String driverSays,
                                                               Throwable cause) {
        return new StoreUnavailableException(whatFailed + ": the server at " + server
                + " refused the credentials (" + firstSentence(driverSays) + "). Check the user name, password,"
                + " authSource and authMechanism of the connection string", cause);
    }

    /**
     * The text up to the first sentence end, on one line: drivers append multi-line state dumps (a
     * cluster description, a stack of causes) after it, which help no user.
     */
    static String firstSentence(String text) {
        if (text == null || text.isBlank()) {
            return "no detail given";
        }
        String line = text.strip().replaceAll("\\s+", " ");
        int end = line.indexOf(". ");
        return end < 0 ? line : line.substring(0, end);
    }
}
