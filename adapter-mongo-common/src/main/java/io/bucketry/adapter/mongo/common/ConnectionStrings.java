package io.bucketry.adapter.mongo.common;

import java.util.Locale;
import java.util.regex.Pattern;

/** The one routine that hides the credentials of a MongoDB connection string before it is printed or logged. */
public final class ConnectionStrings {

    /** What replaces a hidden user info or option value. */
    public static final String HIDDEN = "***";

    private static final Pattern HOST_LIST = Pattern.compile(
            "(\\[[0-9A-Fa-f:.%]+]|[^,:\\[\\]]+)(:\\d{1,5})?(,(\\[[0-9A-Fa-f:.%]+]|[^,:\\[\\]]+)(:\\d{1,5})?)*");
    // https://www.mongodb.com/docs/manual/reference/limits/#naming-restrictions: a database name has none of /\. "$
    private static final Pattern DATABASE = Pattern.compile("[^/\\\\. \"$]*");

    private ConnectionStrings() {
    }

    /**
     * {@code mongodb://user:secret@host/db?authMechanismProperties=AWS_SESSION_TOKEN:t} becomes
     * {@code mongodb://***@host/db?authMechanismProperties=AWS_SESSION_TOKEN:***}. The user info ends at
     * the last {@code @} before the first {@code /}, {@code ?} or the end, so an {@code @} in an option
     * never hides the host. Only where that reading leaves no valid host list or no valid database name
     * (an unescaped {@code /} in the password) does the user info reach the last {@code @} before the
     * options. Every option whose name says password, secret, token or credential shows {@code ***}, and
     * so does every such property of {@code authMechanismProperties}.
     */
    public static String mask(String uri) {
        if (uri == null) {
            return null;
        }
        int scheme = uri.indexOf("://");
        int start = scheme < 0 ? 0 : scheme + 3;
        int query = indexOrEnd(uri, '?', start);
        int slash = Math.min(indexOrEnd(uri, '/', start), query);
        int at = uri.lastIndexOf('@', slash - 1);
        String path = slash < query ? uri.substring(slash + 1, query) : "";
        boolean misread = !HOST_LIST.matcher(uri.substring(Math.max(at + 1, start), slash)).matches()
                || !DATABASE.matcher(path).matches();
        if (misread && path.indexOf('@') >= 0) {
            at = uri.lastIndexOf('@', query - 1);
        }
        String head = at < start ? uri.substring(0, query) : uri.substring(0, start) + HIDDEN + uri.substring(at, query);
        return query == uri.length() ? head : head + "?" + maskOptions(uri.substring(query + 1));
    }

    private static String maskOptions(String options) {
        StringBuilder out = new StringBuilder();
        boolean previousHidden = false;
        for (String option : options.split("(?<=[&;])")) {
            String separator = option.endsWith("&") || option.endsWith(";") ? option.substring(option.length() - 1) : "";
            String pair = option.substring(0, option.length() - separator.length());
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            if (equals <= 0) {
                // an unescaped & or ; inside a hidden value leaves its rest without a name (or with an empty one)
                out.append(previousHidden ? HIDDEN : pair);
            } else if (secret(name)) {
                out.append(name).append('=').append(HIDDEN);
                previousHidden = true;
            } else if (decode(name).equalsIgnoreCase("authMechanismProperties")) {
                String value = decode(pair.substring(equals + 1));
                String masked = maskProperties(value);
                out.append(masked.equals(value) ? pair : name + "=" + masked);
                previousHidden = false;
            } else {
                out.append(pair);
                previousHidden = false;
            }
            out.append(separator);
        }
        return out.toString();
    }

    /** {@code SERVICE_NAME:mongodb,AWS_SESSION_TOKEN:t} keeps the service name and hides the token. */
    private static String maskProperties(String properties) {
        StringBuilder out = new StringBuilder();
        for (String property : properties.split(",", -1)) {
            int colon = property.indexOf(':');
            String name = colon < 0 ? property : property.substring(0, colon);
            out.append(out.length() == 0 ? "" : ",")
                    .append(colon >= 0 && secret(name) ? name + ":" + HIDDEN : property);
        }
        return out.toString();
    }

    private static boolean secret(String name) {
        String lower = decode(name).toLowerCase(Locale.ROOT);
        return lower.contains("pass") || lower.contains("secret") || lower.contains("token") || lower.contains("credential");
    }

    /** Percent-decoding of ASCII escapes only, enough to recognise a name or a separator. */
    private static String decode(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int value = c == '%' && i + 2 < text.length() ? hexByte(text, i + 1) : -1;
            if (value >= 0 && value < 0x80) {
                out.append((char) value);
                i += 2;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static int hexByte(String text, int at) {
        int high = Character.digit(text.charAt(at), 16);
        int low = Character.digit(text.charAt(at + 1), 16);
        return high < 0 || low < 0 ? -1 : high * 16 + low;
    }

    private static int indexOrEnd(String text, char c, int from) {
        int index = text.indexOf(c, from);
        return index < 0 ? text.length() : index;
    }
}
