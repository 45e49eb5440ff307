package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.bucketry.server.json.ReadingReader.Flaw;
import io.bucketry.domain.Quote;
import io.bucketry.domain.RejectionReason;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * The Java value of one JSON scalar of a reading, exactly as written: an integer as a Long (or a
 * BigInteger), any other number as the double its text rounds to ({@code -0.0} keeps its sign),
 * or as a BigDecimal where no finite, non-zero double holds it, for the domain to refuse it by name.
 */
public final class JsonValues {

    /** Longer numbers are refused before any conversion (the longest double needs far fewer digits). */
    static final int MAX_NUMBER_LENGTH = 1000;

    /** A number as JSON writes it (RFC 8259 section 6). */
    private static final Pattern NUMBER = Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");

    private JsonValues() {
    }

    /** The JSON type of a value starting with {@code token}, with its article: "a number", "an object", "null". */
    public static String kind(JsonToken token) {
        if (token == null) {
            return "nothing";
        }
        return switch (token) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> "a " + token.asString();
        };
    }

    /** The current scalar's text as the sender wrote it, cut to {@link JsonErrors#MAX_SHOWN} characters. */
    static String echo(JsonParser parser) throws IOException {
        String text = parser.getText();
        return text.length() <= JsonErrors.MAX_SHOWN ? text : text.substring(0, JsonErrors.MAX_SHOWN) + "…";
    }

    /** A reading's time: text, a whole number, or a decimal for the time rules to judge; null when absent. */
    static Object time(JsonParser parser, JsonToken token) throws IOException {
        return switch (token) {
            case VALUE_NULL -> null;
            case VALUE_STRING, VALUE_TRUE, VALUE_FALSE -> parser.getText();
            case VALUE_NUMBER_INT -> integer(parser, "time");
            case VALUE_NUMBER_FLOAT -> decimal(parser, "time");
            default -> {
                parser.skipChildren();
                throw new Flaw(RejectionReason.INVALID_TIME, "time must be ISO-8601 text or epoch milliseconds, got "
                        + kind(token));
            }
        };
    }

    /** A field's value: a String, a Long or BigInteger, a Double or BigDecimal; a Flaw for any other JSON. */
    static Object field(JsonParser parser, JsonToken token, String name) throws IOException {
        String what = "field " + Quote.of(name);
        return switch (token) {
            case VALUE_STRING -> parser.getText();
            case VALUE_NUMBER_INT -> integer(parser, what);
            case VALUE_NUMBER_FLOAT -> number(parser, what);
            default -> {
                parser.skipChildren();
                throw new Flaw(RejectionReason.INVALID_FIELD_VALUE, what + " is " + kind(token)
                        + "; a field value must be a finite number or a text");
            }
        };
    }

    private static Object integer(JsonParser parser, String what) throws IOException {
        return integer(text(parser, what));
    }

    private static Object integer(String text) {
        if (text.equals("-0")) {
            return -0.0;
        }
        return text.length() <= 18 ? (Object) Long.parseLong(text) : new BigInteger(text);
    }

    private static Object number(JsonParser parser, String what) throws IOException {
        return number(text(parser, what), what);
    }

    private static Object number(String text, String what) {
        double value = Double.parseDouble(text);
        if (Double.isFinite(value) && (value != 0 || !hasNonZeroDigit(text))) {
            return value;
        }
        return decimal(text, what);
    }

    /**
     * The value of a field written as {@code text} in JSON number syntax (as a CSV cell holds it), kept as
     * the JSON form keeps it; null when {@code text} is not a JSON number.
     *
     * @throws IllegalArgumentException saying why, for a number longer than {@value #MAX_NUMBER_LENGTH}
     *                                  characters or with an exponent out of any usable range
     */
    public static Object number(String text, CharSequence field) {
        if (!NUMBER.matcher(text).matches()) {
            return null;
        }
        String what = "field " + Quote.of(field.toString());
        if (text.length() > MAX_NUMBER_LENGTH) {
            throw new IllegalArgumentException(what + " is a number of " + text.length() + " characters; at most "
                    + MAX_NUMBER_LENGTH + " are read");
        }
        try {
            return text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0 ? integer(text)
                    : number(text, what);
        } catch (ReadingReader.Flaw flaw) {
            throw new IllegalArgumentException(flaw.getMessage(), flaw);
        }
    }

    private static Object decimal(JsonParser parser, String what) throws IOException {
        return decimal(text(parser, what), what);
    }

    private static BigDecimal decimal(String text, String what) {
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            throw new Flaw(what.equals("time") ? RejectionReason.INVALID_TIME : RejectionReason.INVALID_FIELD_VALUE,
                    what + " is " + Quote.of(text) + ", whose exponent is out of any usable range");
        }
    }

    private static String text(JsonParser parser, String what) throws IOException {
        int length = parser.getTextLength();
        if (length > MAX_NUMBER_LENGTH) {
            throw new Flaw(what.equals("time") ? RejectionReason.INVALID_TIME : RejectionReason.INVALID_FIELD_VALUE,
                    what + " is a number of " + length + " characters; at most " + MAX_NUMBER_LENGTH + " are read");
        }
        return parser.getText();
    }

    /** True when the digits before any exponent are not all zero (so a zero double lost the value). */
    private static boolean hasNonZeroDigit(String number) {
        for (int i = 0; i < number.length(); i++) {
            char c = number.charAt(i);
            if (c == 'e' || c == 'E') {
                return false;
            }
            if (c >= '1' && c <= '9') {
                return true;
            }
        }
        return false;
    }
}
