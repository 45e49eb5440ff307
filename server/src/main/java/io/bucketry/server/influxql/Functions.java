package io.bucketry.server.influxql;

import java.util.Locale;
import java.util.Set;

/** The aggregate functions Bucketry answers from its window summaries, and InfluxQL's others, which it refuses. */
enum Functions {
    COUNT, MIN, MAX, SUM, MEAN, FIRST, LAST;

    /** Functions InfluxQL has that Bucketry does not answer: a clear refusal rather than "undefined function". */
    private static final Set<String> INFLUX_ONLY = Set.of("distinct", "integral", "median", "mode", "spread", "stddev",
            "bottom", "percentile", "sample", "top", "cumulative_sum", "derivative", "difference", "elapsed",
            "moving_average", "non_negative_derivative", "non_negative_difference", "holt_winters",
            "holt_winters_with_fit", "chande_momentum_oscillator", "exponential_moving_average",
            "double_exponential_moving_average", "kaufmans_efficiency_ratio", "kaufmans_adaptive_moving_average",
            "triple_exponential_moving_average", "triple_exponential_derivative", "relative_strength_index", "abs",
            "acos", "asin", "atan", "atan2", "ceil", "cos", "exp", "floor", "ln", "log", "log2", "log10", "pow",
            "round", "sin", "sqrt", "tan");

    static final String SUPPORTED = "count, min, max, sum, mean, first or last";

    /** The function named {@code name}; a QueryException in InfluxDB's or Bucketry's words otherwise. */
    static Functions of(String name) {
        for (Functions function : values()) {
            if (function.text().equals(name)) {
                return function;
            }
        }
        if (INFLUX_ONLY.contains(name)) {
            throw new QueryException("function " + name + "() is not supported by Bucketry; use " + SUPPORTED);
        }
        throw new QueryException("undefined function " + name + "()");
    }

    String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** first, last, min and max pick one reading: alone in a SELECT without GROUP BY time, its time is answered. */
    boolean selects() {
        return this == FIRST || this == LAST || this == MIN || this == MAX;
    }

    /** The value of this function over {@code cell}; null when the cell holds no value. */
    Object value(Cell cell) {
        if (cell == null || cell.count == 0) {
            return null;
        }
        return switch (this) {
            case COUNT -> cell.count;
            case MIN -> cell.min;
            case MAX -> cell.max;
            case SUM -> cell.sum;
            case MEAN -> cell.sum / cell.count;
            case FIRST -> cell.first;
            case LAST -> cell.last;
        };
    }

    /** The time of the reading this selector picked in {@code cell}. */
    long time(Cell cell) {
        return switch (this) {
            case MIN -> cell.minTime;
            case MAX -> cell.maxTime;
            case FIRST -> cell.firstTime;
            case LAST -> cell.lastTime;
            default -> throw new IllegalStateException(this + " picks no reading");
        };
    }
}
