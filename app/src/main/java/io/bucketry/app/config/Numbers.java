package io.bucketry.app.config;

/** Parsers of the plain configuration values: whole numbers, booleans, names. */
final class Numbers {

    private Numbers() {
    }

    static int parseInt(String text, int min, int max) {
        try {
            long value = Long.parseLong(text.strip());
            if (value >= min && value <= max) {
                return (int) value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("expected a whole number from " + min + " to " + max);
    }

    /** A whole percentage written with its sign, such as {@code 50%}. */
    static int parsePercent(String text, int min, int max) {
        String value = text.strip();
        if (value.endsWith("%")) {
            try {
                return parseInt(value.substring(0, value.length() - 1), min, max);
            } catch (IllegalArgumentException e) {
                // reported below
            }
        }
        throw new IllegalArgumentException("expected a percentage from " + min + "% to " + max + "%, such as 50%");
    }

    static boolean parseBoolean(String text) {
        return switch (text.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("expected true or false");
        };
    }

    static String nonBlank(String text) {
        if (text.isBlank()) {
            throw new IllegalArgumentException("expected a non-empty value");
        }
        return text.strip();
    }

    static String mongoUri(String text) {
        String uri = text.strip();
        if (!uri.startsWith("mongodb://") && !uri.startsWith("mongodb+srv://")) {
            throw new IllegalArgumentException("expected a connection string starting with mongodb:// or mongodb+srv://");
        }
        return uri;
    }
}
