package io.bucketry.bootstrap.config;

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
