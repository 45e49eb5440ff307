package io.bucketry.bootstrap.config;

/** Hides the credentials of a connection string so that it can be printed or logged. */
public final class MaskedUri {

    private MaskedUri() {
    }

    /**
     * {@code mongodb://user:secret@host/db} becomes {@code mongodb://***@host/db}. Everything up to
     * the last {@code @} is hidden, so an unescaped {@code @} or {@code /} in a password is hidden too.
     */
    public static String mask(String uri) {
        if (uri == null) {
            return null;
        }
        int scheme = uri.indexOf("://");
        int start = scheme < 0 ? 0 : scheme + 3;
        int at = uri.lastIndexOf('@');
        if (at < start) {
            return uri;
        }
        return uri.substring(0, start) + "***" + uri.substring(at);
    }
}
