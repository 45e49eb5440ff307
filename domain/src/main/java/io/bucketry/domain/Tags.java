package io.bucketry.domain;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The metadata a series' readings are written with, as a native collection's metaField holds it: at
 * most {@value #MAX_TAGS} pairs of a key ({@code [A-Za-z][A-Za-z0-9_]{0,63}}) and a text value of
 * 1–{@value #MAX_VALUE_LENGTH} characters, in key order. {@link #NONE} is a series without tags.
 *
 * @param values key to value, in key order (unmodifiable)
 */
public record Tags(Map<String, String> values) {

    public static final int MAX_TAGS = 32;
    public static final int MAX_KEY_LENGTH = NameRule.MAX_LENGTH;
    public static final int MAX_VALUE_LENGTH = 256;
    public static final Tags NONE = new Tags(Map.of());

    public Tags {
        Objects.requireNonNull(values, "tags");
        if (values.size() > MAX_TAGS) {
            throw invalid(values.size() + " tags given; at most " + MAX_TAGS + " are allowed");
        }
        TreeMap<String, String> sorted = new TreeMap<>();
        for (Map.Entry<String, String> tag : values.entrySet()) {
            String problem = keyProblem(tag.getKey());
            if (problem == null) {
                problem = valueProblem(tag.getKey(), tag.getValue());
            }
            if (problem != null) {
                throw invalid(problem);
            }
            sorted.put(tag.getKey(), tag.getValue());
        }
        values = new TagPairs(sorted);
    }

    /** Tags from loosely typed input: every value must be text; {@link #NONE} when empty. */
    public static Tags of(Map<String, ?> values) {
        if (values.isEmpty()) {
            return NONE;
        }
        TreeMap<String, String> texts = new TreeMap<>();
        values.forEach((key, value) -> {
            if (!(value instanceof CharSequence text)) {
                throw invalid("tag " + Quote.of(key) + " has " + (value == null ? "no value" : "the value "
                        + Quote.of(String.valueOf(value))) + "; a tag value is a text of 1-" + MAX_VALUE_LENGTH
                        + " characters");
            }
            texts.put(key, text.toString());
        });
        return new Tags(texts);
    }

    /** One pair, validated. */
    public static Tags of(String key, String value) {
        return new Tags(Map.of(key, value));
    }

    /** The value of {@code key}, or null when this series has no such tag. */
    public String get(String key) {
        return values.get(key);
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** Why {@code key} is not a valid tag key, or null when it is. */
    public static String keyProblem(String key) {
        return NameRule.problem("tag key", key);
    }

    /** Why {@code value} is not a valid value of tag {@code key}, or null when it is. */
    public static String valueProblem(String key, String value) {
        if (value == null || value.isEmpty()) {
            return "tag " + Quote.of(key) + " has " + (value == null ? "no value" : "an empty value")
                    + "; a tag value is a text of 1-" + MAX_VALUE_LENGTH + " characters";
        }
        if (value.length() > MAX_VALUE_LENGTH) {
            return "tag " + Quote.of(key) + " has a value of " + value.length() + " characters; at most "
                    + MAX_VALUE_LENGTH + " are allowed";
        }
        return null;
    }

    private static InvalidReadingException invalid(String problem) {
        return new InvalidReadingException(RejectionReason.INVALID_TAG, problem);
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
