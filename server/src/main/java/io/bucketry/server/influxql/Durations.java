package io.bucketry.server.influxql;

/** InfluxQL duration literals ({@code 10s}, {@code 5m}, {@code 1600000000000ms}) in nanoseconds. */
final class Durations {

    private Durations() {
    }

    static long nanos(String literal, Tokens tokens) {
        int unitStart = 0;
        while (unitStart < literal.length() && Character.isDigit(literal.charAt(unitStart))) {
            unitStart++;
        }
        String unit = literal.substring(unitStart);
        long perUnit = switch (unit) {
            case "ns" -> 1L;
            case "u", "µ" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            case "d" -> 86_400_000_000_000L;
            case "w" -> 604_800_000_000_000L;
            default -> throw tokens.error("invalid duration");
        };
        try {
            return Math.multiplyExact(Long.parseLong(literal.substring(0, unitStart)), perUnit);
        } catch (ArithmeticException | NumberFormatException e) {
            throw tokens.error("overflowed duration " + literal + ": choose a smaller duration or INF");
        }
    }
}
