package io.bucketry.server.json;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Quote;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.Tags;

import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads one element of the body with a streaming parser into an unvalidated {@link ReadingInput},
 * or into the rejection saying why its JSON cannot be a reading: not an object, a series that is
 * not a string, {@code fields} that is not an object, a field value that is not a number or a
 * text, a duplicate {@code series}, {@code time}, {@code fields} or field name, a number of more
 * than {@link JsonValues#MAX_NUMBER_LENGTH} characters, a value nested too deep, or JSON broken
 * inside the element. Nothing else is judged here.
 */
public final class ReadingReader {

    private final JsonFactory factory;

    public ReadingReader(JsonFactory factory) {
        this.factory = factory;
    }

    /** Either the input or the rejection of one element. */
    public record Outcome(ReadingInput input, Rejection rejection) {
    }

    public Outcome read(int index, ArrayElements.Element element) throws IOException {
        Parse parse = new Parse(index);
        try (JsonParser parser = factory.createParser(element)) {
            try {
                return parse.read(parser);
            } catch (JacksonException e) {
                if (parse.duplicate != null) {
                    return parse.rejected(parse.duplicate.reason, parse.duplicate.getMessage());
                }
                parse.brokenAt(parser.currentName());
                String what = element.tooDeep() ? "is nested more than " + ArrayElements.Element.MAX_DEPTH
                        + " levels deep" : "is not valid JSON: " + JsonErrors.describe(e);
                return parse.rejected(parse.reason(), (parse.field == null ? "the " + parse.where : "field "
                        + Quote.of(parse.field)) + " " + what);
            }
        } catch (Flaw flaw) {
            Flaw first = parse.duplicate != null ? parse.duplicate : flaw;
            return parse.rejected(first.reason, first.getMessage());
        }
    }

    /** A JSON-level flaw of the reading being read. */
    static final class Flaw extends RuntimeException {
        private final RejectionReason reason;

        Flaw(RejectionReason reason, String message) {
            super(message, null, false, false);
            this.reason = reason;
        }
    }

    /** The state of reading one element: where the parser is, for the rejection to say so. */
    private static final class Parse {
        private final int index;
        private String where = "reading";
        private String field;
        private String series;
        private String seriesEcho;
        private Object time;
        /** A repeated series, time or fields key: reported once the rest is read, so series and time are as given. */
        private Flaw duplicate;

        Parse(int index) {
            this.index = index;
        }

        Outcome read(JsonParser parser) throws IOException {
            JsonToken token = parser.nextToken();
            if (token != JsonToken.START_OBJECT) {
                throw new Flaw(RejectionReason.NO_FIELDS, "a reading must be a JSON object, got "
                        + JsonValues.kind(token));
            }
            Set<String> keys = new HashSet<>();
            Map<String, Object> fields = null;
            Map<String, String> tags = null;
            String measurement = null;
            String seriesKind = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                where = key.equals("series") || key.equals("time") || key.equals("fields") || key.equals("tags")
                        || key.equals("measurement") ? key : "reading";
                // other keys are skipped unseen: remembering them would cost memory per key of the body
                JsonToken value = parser.nextToken();
                if (!where.equals("reading") && !keys.add(key)) {
                    if (duplicate == null) {
                        duplicate = new Flaw(where.equals("fields") ? RejectionReason.NO_FIELDS : reason(),
                                "key " + Quote.of(key) + " appears twice in the reading");
                    }
                    parser.skipChildren();
                    where = "reading";
                    continue;
                }
                switch (key) {
                    case "series" -> seriesKind = series(parser, value);
                    case "time" -> time = JsonValues.time(parser, value);
                    case "fields" -> fields = fields(parser, value);
                    case "tags" -> tags = tags(parser, value);
                    case "measurement" -> measurement = measurement(parser, value);
                    default -> parser.skipChildren();
                }
                where = "reading";
            }
            if (duplicate != null) {
                throw duplicate;
            }
            if (seriesKind != null) {
                throw new Flaw(RejectionReason.INVALID_SERIES, "series must be a JSON string, got " + seriesKind);
            }
            return new Outcome(new ReadingInput(series, time, fields, tags, measurement), null);
        }

        /** The reading's tags: null when null (the series' latest), else an object of text values ({} is none). */
        private Map<String, String> tags(JsonParser parser, JsonToken value) throws IOException {
            if (value == JsonToken.VALUE_NULL) {
                return null;
            }
            if (value != JsonToken.START_OBJECT) {
                throw new Flaw(RejectionReason.INVALID_TAG, "tags must be a JSON object of key: text, got "
                        + JsonValues.kind(value));
            }
            Map<String, String> tags = new LinkedHashMap<>();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String key = parser.currentName();
                JsonToken token = parser.nextToken();
                if (token != JsonToken.VALUE_STRING) {
                    throw new Flaw(RejectionReason.INVALID_TAG, "tag " + Quote.of(key) + " must be a JSON string, got "
                            + JsonValues.kind(token));
                }
                if (tags.put(key, parser.getText()) != null) {
                    throw new Flaw(RejectionReason.INVALID_TAG, "tag " + Quote.of(key) + " appears twice in the reading");
                }
                if (tags.size() > Tags.MAX_TAGS) {
                    throw new Flaw(RejectionReason.INVALID_TAG, "a reading has more than " + Tags.MAX_TAGS
                            + " tags; at most " + Tags.MAX_TAGS + " are allowed");
                }
            }
            return tags;
        }

        private String measurement(JsonParser parser, JsonToken value) throws IOException {
            if (value == JsonToken.VALUE_NULL) {
                return null;
            }
            if (value != JsonToken.VALUE_STRING) {
                throw new Flaw(RejectionReason.INVALID_TAG, "measurement must be a JSON string, got "
                        + JsonValues.kind(value));
            }
            return parser.getText();
        }

        /** Null for a string or null series, else the kind of JSON value it is. */
        private String series(JsonParser parser, JsonToken value) throws IOException {
            if (value == JsonToken.VALUE_STRING) {
                series = parser.getText();
                return null;
            }
            if (value == JsonToken.VALUE_NULL) {
                return null;
            }
            seriesEcho = value.isScalarValue() ? JsonValues.echo(parser) : null;
            parser.skipChildren();
            return JsonValues.kind(value);
        }

        private Map<String, Object> fields(JsonParser parser, JsonToken value) throws IOException {
            if (value == JsonToken.VALUE_NULL) {
                return null;
            }
            if (value != JsonToken.START_OBJECT) {
                throw new Flaw(RejectionReason.NO_FIELDS, "fields must be a JSON object of name: value, got "
                        + JsonValues.kind(value));
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            int count = 0;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                field = parser.currentName();
                JsonToken token = parser.nextToken();
                Object converted = JsonValues.field(parser, token, field);
                if (++count <= FieldSchema.MAX_FIELDS + 1 && fields.put(field, converted) != null) {
                    throw new Flaw(RejectionReason.INVALID_FIELD_NAME, "field " + Quote.of(field)
                            + " appears twice in the reading");
                }
                field = null;
            }
            if (count > FieldSchema.MAX_FIELDS) {
                throw new Flaw(RejectionReason.TOO_MANY_FIELDS, "a reading has " + count + " fields; at most "
                        + FieldSchema.MAX_FIELDS + " are allowed");
            }
            return fields;
        }

        /** Where the parser broke, from the name of the key it read last (a parser reads a key with its value). */
        void brokenAt(String key) {
            if (key == null || field != null) {
                return;
            }
            if (where.equals("fields")) {
                field = key;
            } else if (where.equals("reading") && (key.equals("series") || key.equals("time") || key.equals("fields"))) {
                where = key;
            }
        }

        RejectionReason reason() {
            return switch (where) {
                case "series" -> RejectionReason.INVALID_SERIES;
                case "time" -> RejectionReason.INVALID_TIME;
                case "fields" -> RejectionReason.INVALID_FIELD_VALUE;
                case "tags", "measurement" -> RejectionReason.INVALID_TAG;
                default -> RejectionReason.NO_FIELDS;
            };
        }

        Outcome rejected(RejectionReason reason, String message) {
            String echo = series != null ? series : seriesEcho;
            return new Outcome(null, new Rejection(index, echo, time == null ? null : String.valueOf(time), reason,
                    message));
        }
    }
}
