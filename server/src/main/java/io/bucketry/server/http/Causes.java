package io.bucketry.server.http;

/** Looks through an exception's chain of causes. */
final class Causes {

    private Causes() {
    }

    /** True when {@code e} or one of its causes is a {@code type}. */
    static boolean include(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }
}
