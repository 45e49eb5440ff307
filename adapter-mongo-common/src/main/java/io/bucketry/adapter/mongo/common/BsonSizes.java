package io.bucketry.adapter.mongo.common;

import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;

/**
 * BSON sizes of what a Mongo store writes, counted before the server sees the document (BSON spec:
 * https://bsonspec.org/spec.html): an element is its type byte, its name and a NUL, then its value.
 */
public final class BsonSizes {

    private BsonSizes() {
    }

    /**
     * The bytes {@code reading} takes as a document in an array of at most 100,000 elements: the element's
     * type, index key of at most 5 digits and NUL, the document's length and terminator, {@code t} (a date),
     * then each field as a double or a string.
     */
    public static int arrayElement(Reading reading) {
        int bytes = 1 + 6 + 4 + 1 + (1 + 2 + 8);
        Fields fields = reading.fields();
        FieldSchema schema = fields.schema();
        for (int i = 0; i < schema.size(); i++) {
            FieldValue value = fields.valueAt(i);
            String name = schema.name(i);
            if (value instanceof FieldValue.Numeric) {
                bytes += 1 + name.length() + 1 + 8;
            } else if (value instanceof FieldValue.Text text) {
                bytes += 1 + name.length() + 1 + 4 + utf8Length(text.value()) + 1;
            }
        }
        return bytes;
    }

    /** The UTF-8 length of {@code text} (a surrogate pair: 4 bytes, 2 a half). */
    public static int utf8Length(String text) {
        int bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
        }
        return bytes;
    }
}
