package io.bucketry.server.json;

import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.Quote;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** One statistic of a field's window aggregate as an answer names it; {@code stats=} chooses which are answered. */
public enum Statistic {
    COUNT, MIN, MAX, SUM, AVG, FIRST, LAST;

    /** Every statistic, in the answer's order: what an aggregate answers when {@code stats} is not given. */
    public static final Set<Statistic> ALL = EnumSet.allOf(Statistic.class);

    private static final String NAMES = Arrays.stream(values()).map(Statistic::key).collect(Collectors.joining(", "));

    /** The name in answers and in {@code stats=}: {@code count}, {@code avg}, … */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** This statistic of {@code aggregate}; the count as a whole number. */
    public Number of(FieldAggregate aggregate) {
        return this == COUNT ? (Number) aggregate.count() : (Number) valueOf(aggregate);
    }

    /** This statistic of {@code aggregate} as a double. */
    public double valueOf(FieldAggregate aggregate) {
        return switch (this) {
            case COUNT -> aggregate.count();
            case MIN -> aggregate.min();
            case MAX -> aggregate.max();
            case SUM -> aggregate.sum();
            case AVG -> aggregate.avg();
            case FIRST -> aggregate.first();
            case LAST -> aggregate.last();
        };
    }

    /**
     * The statistics a comma-separated list names, in the answer's order whatever the list's; every one when
     * {@code text} is null or blank; {@link IllegalArgumentException} naming an unknown or empty name.
     */
    public static Set<Statistic> parse(String text) {
        if (text == null || text.isBlank()) {
            return ALL;
        }
        Set<Statistic> chosen = EnumSet.noneOf(Statistic.class);
        List<String> unknown = new ArrayList<>();
        for (String name : text.split(",", -1)) {
            String key = name.strip();
            Statistic found = Arrays.stream(values()).filter(s -> s.key().equalsIgnoreCase(key)).findFirst().orElse(null);
            if (found == null) {
                unknown.add(Quote.of(key));
            } else {
                chosen.add(found);
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("stats " + Quote.of(text) + ": " + String.join(", ", unknown)
                    + (unknown.size() == 1 ? " is" : " are") + " not one of " + NAMES);
        }
        return chosen;
    }
}
