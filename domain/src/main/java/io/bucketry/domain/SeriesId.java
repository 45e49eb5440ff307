package io.bucketry.domain;

/**
 * What a bucket belongs to (a sensor, a device, a customer): 1–128 characters from
 * {@code [A-Za-z0-9._:@-]}.
 */
public record SeriesId(String value) implements Comparable<SeriesId> {

    public static final int MAX_LENGTH = 128;

    public SeriesId {
        String problem = problem(value);
        if (problem != null) {
            throw new InvalidReadingException(RejectionReason.INVALID_SERIES, problem);
        }
    }

    /**
     * Which of {@code parts} parts the readings of series {@code id} fall in when a batch is split by
     * series to be worked on side by side: all of one series' readings in one part, so that their
     * batch order (the first of two equal readings wins) holds within it. One rule for every splitter,
     * so that work split twice the same way lands on the same part both times.
     */
    public static int partOf(String id, int parts) {
        int hash = id == null ? 0 : id.hashCode();
        return Math.floorMod(hash ^ hash >>> 16, parts);
    }

    /** {@link #partOf(String, int)} of this id. */
    public int partOf(int parts) {
        return partOf(value, parts);
    }

    public static SeriesId of(String value) {
        return new SeriesId(value);
    }

    /** Why {@code value} is not a valid series id, or {@code null} when it is. */
    public static String problem(String value) {
        if (value == null) {
            return "series id is missing";
        }
        if (value.isEmpty()) {
            return "series id is empty";
        }
        if (value.length() > MAX_LENGTH) {
            return "series id " + Quote.of(value) + " is " + value.length()
                    + " characters long; at most " + MAX_LENGTH + " are allowed";
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!allowed(c)) {
                return "series id " + Quote.of(value) + " contains '" + Quote.printable(c)
                        + "'; allowed are A-Z a-z 0-9 . _ : @ -";
            }
        }
        return null;
    }

    /**
     * A text that sorts after every id starting with {@code prefix} and before every other id that
     * sorts after them: the prefix followed by a character above every allowed one, so that "ids
     * with this prefix" is the range {@code [prefix, bound)} of an ordered index, with no pattern.
     */
    public static String prefixBound(String prefix) {
        return prefix + (char) ('z' + 1);
    }

    private static boolean allowed(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                || c == '.' || c == '_' || c == ':' || c == '@' || c == '-';
    }

    @Override
    public int compareTo(SeriesId other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
