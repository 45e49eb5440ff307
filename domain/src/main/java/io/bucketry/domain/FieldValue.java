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
                || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return numeric(name, ((Number) value).doubleValue(), value);
        }
        if (value instanceof BigDecimal || value instanceof BigInteger) {
            return numeric(name, ((Number) value).doubleValue(), value);
        }
        if (value instanceof CharSequence text) {
            String string = text.toString();
            if (string.length() > MAX_TEXT_LENGTH) {
                throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE, "field '" + name
                        + "' has a text of " + string.length() + " characters; at most "
                        + MAX_TEXT_LENGTH + " are allowed");
            }
            return new Text(string);
        }
        String kind = value == null ? "null" : value.getClass().getSimpleName();
        throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE,
                "field '" + name + "' is " + kind + "; a field value must be a finite number or a text");
    }

    private static Numeric numeric(String name, double value, Object original) {
        if (!Double.isFinite(value)) {
            throw new InvalidReadingException(RejectionReason.INVALID_FIELD_VALUE, "field '" + name
                    + "' is " + original + ", which is not a finite number");
        }
        return new Numeric(value);
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
