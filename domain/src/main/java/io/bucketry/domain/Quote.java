package io.bucketry.domain;

/** Renders user input safely inside an error message: abbreviated, control characters escaped. */
public final class Quote {

    private static final int MAX_SHOWN = 64;

    private Quote() {
    }

    /** {@code 'value'} with control characters as {@code \\uXXXX}, cut after 64 characters. */
    public static String of(String value) {
        if (value == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(Math.min(value.length(), MAX_SHOWN) + 8).append('\'');
        int shown = Math.min(value.length(), MAX_SHOWN);
        for (int i = 0; i < shown; i++) {
            out.append(printable(value.charAt(i)));
        }
        if (value.length() > MAX_SHOWN) {
            out.append("…");
        }
        return out.append('\'').toString();
    }

    /** A number as given, cut after 64 characters (a number of a thousand digits stays readable). */
    public static String number(Object number) {
        String text = String.valueOf(number);
        return text.length() <= MAX_SHOWN ? text : text.substring(0, MAX_SHOWN) + "…";
    }

    /** One character as it should appear in a message. */
    public static String printable(char c) {
        // a lone half of a surrogate pair is not text any encoder can write: escape both halves
        if (c < 0x20 || c == 0x7f || Character.isWhitespace(c) && c != ' ' || Character.isSurrogate(c)) {
            return String.format("\\u%04x", (int) c);
        }
        return String.valueOf(c);
    }
}
