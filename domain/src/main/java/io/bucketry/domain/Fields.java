package io.bucketry.domain;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Map;
import java.util.Objects;

/**
 * The fields of one reading: 1–64 named values, each a finite number or a text of at most 256
 * characters. An immutable map from field name to value, held as the names ({@link FieldSchema},
 * shared by the readings of one stream) and an array of numbers and one of texts, so that a reading
 * costs no object per value. Its map views are {@link NamedValues}', which caches none.
 */
public final class Fields extends NamedValues<FieldValue> {

    private final FieldSchema schema;
    /**
     * The value of each numeric field from {@link #offset} on, NaN (never a valid value) at a text. The
     * readings of a decoded bucket share one array, each its own stretch ({@link FieldColumns}): one
     * array per bucket instead of one per reading, which is most of what a long range read allocates.
     */
    private final double[] numbers;
    private final int offset;
    /** Null when every field is a number; else the text of each text field, null at a number. */
    private final String[] texts;

    /** Takes the arrays as they are: the caller has checked every rule and never writes them again. */
    private Fields(FieldSchema schema, double[] numbers, int offset, String[] texts) {
        this.schema = schema;
        this.numbers = numbers;
        this.offset = offset;
        this.texts = texts;
    }

    /**
     * Fields from a loosely typed map: values are {@link Number}s, {@link CharSequence}s or
     * {@link FieldValue}s. Every rule of a reading's fields is checked here.
     *
     * @throws InvalidReadingException naming the first broken rule
     */
    public static Fields of(Map<String, ?> map) {
        return map instanceof Fields fields ? fields : new FieldsConverter().convert(map);
    }

    /** Builds the fields of {@code schema}'s names, some of which may be left out. */
    public static Builder builder(FieldSchema schema) {
        return new Builder(schema);
    }

    /** Called by {@link FieldsConverter} with arrays it checked and hands over. */
    static Fields ofChecked(FieldSchema schema, double[] numbers, String[] texts) {
        return new Fields(schema, numbers, 0, texts);
    }

    /** The same with the numbers at {@code offset} of an array that rows share, checked and never written again. */
    static Fields ofChecked(FieldSchema schema, double[] numbers, int offset, String[] texts) {
        return new Fields(schema, numbers, offset, texts);
    }

    static void requireFieldCount(int count) {
        if (count == 0) {
            throw new InvalidReadingException(RejectionReason.NO_FIELDS, "a reading needs at least one field");
        }
        if (count > FieldSchema.MAX_FIELDS) {
            throw new InvalidReadingException(RejectionReason.TOO_MANY_FIELDS, "a reading has " + count
                    + " fields; at most " + FieldSchema.MAX_FIELDS + " are allowed");
        }
    }

    /**
     * These fields holding their own numbers: fields read from an array that the rows of a decoded
     * bucket share, as a copy of just their stretch, so that keeping them does not keep the rest; these
     * fields themselves where they hold their numbers alone already.
     */
    public Fields detached() {
        int size = schema.size();
        return offset == 0 && numbers.length == size ? this
                : new Fields(schema, Arrays.copyOfRange(numbers, offset, offset + size), 0, texts);
    }

    /** The names, in this reading's order. */
    public FieldSchema schema() {
        return schema;
    }

    /** True when the field at {@code index} of {@link #schema()} is a text. */
    public boolean isText(int index) {
        return texts != null && texts[index] != null;
    }

    /** The numeric value at {@code index} of {@link #schema()}, or NaN when it is a text. */
    public double numberAt(int index) {
        return numbers[offset + Objects.checkIndex(index, schema.size())];
    }

    /** The text at {@code index} of {@link #schema()}, or null when it is a number. */
    public String textAt(int index) {
        return texts == null ? null : texts[index];
    }

    /** The value at {@code index} of {@link #schema()}. */
    @Override
    public FieldValue valueAt(int index) {
        return isText(index) ? new FieldValue.Text(texts[index]) : new FieldValue.Numeric(numberAt(index));
    }

    /** The numeric value of {@code name}, or NaN when the field is absent or a text. */
    public double number(String name) {
        int index = schema.indexOf(name);
        return index < 0 ? Double.NaN : numbers[offset + index];
    }

    @Override
    public int size() {
        return schema.size();
    }

    @Override
    String nameAt(int index) {
        return schema.name(index);
    }

    @Override
    int indexOf(Object name) {
        return schema.indexOf(name);
    }

    /**
     * Collects values by their index in a schema (a store's columns, say) and builds the Fields of
     * those given; the names of a full set are the schema itself. One use: {@link #build} once.
     * Which indexes are set is one bit each (a store's columns may outnumber a reading's 64 fields).
     */
    public static final class Builder {
        private final FieldSchema schema;
        private final double[] numbers;
        private String[] texts;
        /** Columns 0–63 given, one bit each; columns past 63 (a store's, not a reading's) in {@code more}. */
        private long given;
        private BitSet more;
        private int count;

        private Builder(FieldSchema schema) {
            this.schema = schema;
            this.numbers = new double[schema.size()];
        }

        /** Sets the field at {@code index} to a finite number. */
        public Builder number(int index, double value) {
            double checked = FieldValue.requireFinite(schema.name(Objects.checkIndex(index, numbers.length)), value);
            mark(index);   // after the check: a refused value leaves the field unset
            numbers[index] = checked;
            return this;
        }

        /** Sets the field at {@code index} to a text. */
        public Builder text(int index, String value) {
            String checked = FieldValue.requireValidText(schema.name(Objects.checkIndex(index, numbers.length)), value);
            mark(index);   // after the check: a refused text leaves the field unset
            if (texts == null) {
                texts = new String[numbers.length];
            }
            texts[index] = checked;
            numbers[index] = Double.NaN;
            return this;
        }

        private void mark(int index) {
            long bit = 1L << Objects.checkIndex(index, numbers.length);
            if (isGiven(index)) {
                throw new IllegalStateException("field '" + schema.name(index) + "' is set twice");
            }
            if (index < Long.SIZE) {
                given |= bit;
            } else {
                if (more == null) {
                    more = new BitSet();
                }
                more.set(index);
            }
            count++;
        }

        private boolean isGiven(int index) {
            return index < Long.SIZE ? (given & 1L << index) != 0 : more != null && more.get(index);
        }

        /** The fields given; at least one and at most 64. */
        public Fields build() {
            requireFieldCount(count);
            if (count == numbers.length) {
                return new Fields(schema, numbers, 0, texts);
            }
            String[] names = new String[count];
            double[] someNumbers = new double[count];
            String[] someTexts = texts == null ? null : new String[count];
            int at = 0;
            for (int i = 0; at < count; i++) {
                if (isGiven(i)) {
                    names[at] = schema.name(i);
                    someNumbers[at] = numbers[i];
                    if (someTexts != null) {
                        someTexts[at] = texts[i];
                    }
                    at++;
                }
            }
            return new Fields(FieldSchema.ofChecked(names), someNumbers, 0, someTexts);
        }
    }
}
