package io.bucketry.domain;

import java.math.BigDecimal;
import java.math.BigInteger;

/** The value of one field of a reading: a finite number (aggregated) or a short text (carried). */
public sealed interface FieldValue permits FieldValue.Numeric, FieldValue.Text {

    int MAX_TEXT_LENGTH = 256;

    static Numeric of(double value) {
        return new Numeric(value);
    }

    static Text of(String value) {
        return new Text(value);
    }

    /**
     * Converts a loosely typed value (a {@link Number}, a {@link CharSequence} or a FieldValue) as
     * it arrives from JSON or from an embedding application.
     *
     * @param name the field's name, for the error message
     */
    static FieldValue from(String name, Object value) {
        if (value instanceof FieldValue fieldValue) {
            return fieldValue;
        }
        if (value instanceof Double || value instanceof Float || value instanceof Integer
                || value instanceof Short || value instanceof Byte) {
            return numeric(name, ((Number) value).doubleValue(), value);
        }
        if (value instanceof Long || value instanceof BigDecimal || value instanceof BigInteger) {
            return exact(name, (Number) value);
        }
        if (value instanceof CharSequence text) {
            return new Text(requireValidText(name, text.toString()));
        }
        throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE,
                "field '" + name + "' is " + kind(value) + "; a field value must be a finite number or a text");
    }

    /** {@code value} when it is a valid text value of field {@code name}, else an {@link InvalidReadingException}. */
    static String requireValidText(String name, String value) {
        if (value == null) {
            throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE, "field '" + name + "' is null");
        }
        if (value.length() > MAX_TEXT_LENGTH) {
            throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE, "field '" + name
                    + "' has a text of " + value.length() + " characters; at most "
                    + MAX_TEXT_LENGTH + " are allowed");
        }
        requireWholeCharacters(name, value);
        return value;
    }

    /** {@code value} when it is finite, else an {@link InvalidReadingException} naming field {@code name}. */
    static double requireFinite(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE, "field '" + name
                    + "' is " + Quote.number(value) + ", which is not a finite number");
        }
        return value;
    }

    /** What {@code value} is, in words a sender of JSON knows too. */
    private static String kind(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Boolean) {
            return "a boolean";
        }
        if (value instanceof Iterable<?> || value.getClass().isArray()) {
            return "a list";
        }
        return value instanceof java.util.Map<?, ?> ? "a map" : "of type " + value.getClass().getSimpleName();
    }

    private static Numeric numeric(String name, double value, Object original) {
        if (!Double.isFinite(value)) {  // the message quotes the number as it was sent
            throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE, "field '" + name
                    + "' is " + Quote.number(original) + ", which is not a finite number");
        }
        return new Numeric(value);
    }

    /**
     * A Long, BigInteger or BigDecimal as the double that holds it, refused where that double would
     * lose it: an integer a double cannot hold exactly (beyond 2^53, 9007199254740992, only some
     * are), or a non-zero number so small that it would become 0.
     */
    private static Numeric exact(String name, Number number) {
        double value = number.doubleValue();
        if (number instanceof Long whole && Math.abs(whole) <= 1L << 53) {
            return new Numeric(value);
        }
        Numeric numeric = numeric(name, value, number);
        BigDecimal given = number instanceof BigDecimal decimal ? decimal : new BigDecimal(number.toString());
        if (value == 0 && given.signum() != 0) {
            throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE, "field '" + name + "' is "
                    + Quote.number(number) + ", which is too close to zero for a double: it would be stored as 0");
        }
        if (!(number instanceof BigDecimal) && new BigDecimal(value).compareTo(given) != 0) {
            throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE, "field '" + name + "' is "
                    + Quote.number(number) + ", an integer a double cannot hold exactly (it would be stored as "
                    + new BigDecimal(value).toPlainString() + "; integers are exact up to 2^53 = 9007199254740992)");
        }
        return numeric;
    }

    /** Refuses half of a surrogate pair: no encoder can write it, so it would come back as '?'. */
    private static void requireWholeCharacters(String name, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE, "field '" + name
                        + "' has a lone surrogate " + Quote.printable(c) + " at character " + i
                        + "; a text must be valid Unicode");
            }
        }
    }

    /** A finite number. */
    record Numeric(double value) implements FieldValue {
        public Numeric {
            if (!Double.isFinite(value)) {
                throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE,
                        "field value " + value + " is not a finite number");
            }
        }

        @Override
        public String toString() {
            return Double.toString(value);
        }
    }

    /** A short text of at most 256 characters. */
    record Text(String value) implements FieldValue {
        public Text {
            if (value == null) {
                throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE, "text field value is null");
            }
            if (value.length() > MAX_TEXT_LENGTH) {
                throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE, "text field value of "
                        + value.length() + " characters is longer than " + MAX_TEXT_LENGTH);
            }
        }

        @Override
        public String toString() {
            return value;
        }
    }
}
