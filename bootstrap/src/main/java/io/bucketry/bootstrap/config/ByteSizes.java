package io.bucketry.bootstrap.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses sizes written as bytes ({@code 1048576}) or with a binary unit ({@code 512KB}, {@code 16MB}, {@code 1GB}). */
public final class ByteSizes {

    public static final String ALLOWED = "a size such as 1048576, 512KB, 16MB or 1GB (1KB = 1024 bytes)";

    private static final Pattern SIZE = Pattern.compile("(\\d{1,12})\\s*(B|KB|MB|GB)?");

    private ByteSizes() {
    }

    /** The positive number of bytes {@code text} denotes. */
    public static long parse(String text) {
        Matcher matcher = SIZE.matcher(text == null ? "" : text.strip().toUpperCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("expected " + ALLOWED);
        }
        long amount = Long.parseLong(matcher.group(1));
        String unit = matcher.group(2) == null ? "B" : matcher.group(2);
        int shift = switch (unit) {
            case "KB" -> 10;
            case "MB" -> 20;
            case "GB" -> 30;
            default -> 0;
        };
        // checked before shifting: a shift past 63 bits would wrap around to a small, valid-looking size
        if (amount < 1 || amount > Integer.MAX_VALUE >> shift) {
            throw new IllegalArgumentException("expected between 1 byte and 2GB, " + ALLOWED.substring(2));
        }
        return amount << shift;
    }

    /** The shortest form this parser reads back. */
    public static String format(long bytes) {
        if (bytes % (1 << 30) == 0) {
            return (bytes >> 30) + "GB";
        }
        if (bytes % (1 << 20) == 0) {
            return (bytes >> 20) + "MB";
        }
        if (bytes % (1 << 10) == 0) {
            return (bytes >> 10) + "KB";
        }
        return Long.toString(bytes);
    }
}
