package io.bucketry.domain;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * The fields of one reading: 1–64 named values. An immutable map from field name to value, stored
 * as a (shared) schema and one {@code long} per field (see {@link FieldBits}), so that storing a
 * reading and materialising a stored one copy numbers without an object per value.
 */
public final class Fields extends AbstractMap<String, FieldValue> {

    private static final FieldValue.Text[] NO_TEXTS = new FieldValue.Text[0];

    /** The schema of the last map converted; racy by design (any schema here is valid). */
    private static volatile FieldSchema recentSchema = FieldSchema.EMPTY;
    /** The last text value converted, reused while equal Strings arrive; racy by design (any Text here is valid). */
    private static volatile FieldValue.Text recentText = new FieldValue.Text("");

    private final FieldSchema schema;
    /** This reading's values are {@code bits[offset, offset + schema.size())}. */
    private final long[] bits;
    private final int offset;
    private final FieldValue.Text[] texts;
    private final int size;

    /**
     * Trusted: one {@link FieldBits} value per field of {@code schema} from {@code bits[offset]} on
     * (ABSENT where the reading lacks it), texts by code in {@code texts}. The caller never writes
     * those entries of the arrays again, so a stored reading may share its bucket's arrays.
     */
    Fields(FieldSchema schema, long[] bits, int offset, FieldValue.Text[] texts) {
        int present = 0;
        for (int i = offset; i < offset + schema.size(); i++) {
            if (bits[i] != FieldBits.ABSENT) {
                present++;
            }
        }
        if (present == 0) {
            throw new InvalidReadingException(RejectionReason.NO_FIELDS, "a reading needs at least one field");
        }
        if (present > FieldSchema.MAX_FIELDS) {
            throw new InvalidReadingException(RejectionReason.TOO_MANY_FIELDS, "a reading has " + present
                    + " fields; at most " + FieldSchema.MAX_FIELDS + " are allowed");
        }
        this.schema = schema;
        this.bits = bits;
        this.offset = offset;
        this.texts = texts;
        this.size = present;
    }

    /**
     * Fields from a loosely typed map: values are {@link Number}s, {@link CharSequence}s or
     * {@link FieldValue}s. Every rule of a reading's fields is checked here.
     *
     * @throws InvalidReadingException naming the first broken rule
     */
    public static Fields of(Map<String, ?> map) {
        if (map instanceof Fields fields) {
            return fields;
        }
        if (map == null || map.isEmpty()) {
            throw new InvalidReadingException(RejectionReason.NO_FIELDS, "a reading needs at least one field");
        }
        if (map.size() > FieldSchema.MAX_FIELDS) {
            throw new InvalidReadingException(RejectionReason.TOO_MANY_FIELDS, "a reading has " + map.size()
                    + " fields; at most " + FieldSchema.MAX_FIELDS + " are allowed");
        }
        FieldSchema recent = recentSchema;
        boolean sameNames = recent.size() == map.size();
        String[] names = sameNames ? null : new String[map.size()];
        long[] bits = new long[map.size()];
        FieldValue.Text[] texts = NO_TEXTS;
        int textCount = 0;
        int i = 0;
        for (Map.Entry<String, ?> entry : map.entrySet()) {
            String name = entry.getKey();
            // streams of readings repeat the same key objects: reuse the checked schema while they do
            if (sameNames && recent.name(i) != name) {
                sameNames = false;
                names = new String[map.size()];
                for (int j = 0; j < i; j++) {
                    names[j] = recent.name(j);
                }
            }
            if (!sameNames) {
                FieldSchema.requireValidName(name);
                names[i] = name;
            }
            Object value = entry.getValue();
            if (value instanceof Double number && Double.isFinite(number)) {
                bits[i] = FieldBits.ofNumber(number);
            } else {
                FieldValue converted = convert(name, value);
                if (converted instanceof FieldValue.Numeric numeric) {
                    bits[i] = FieldBits.ofNumber(numeric.value());
                } else {
                    if (texts == NO_TEXTS) {
                        texts = new FieldValue.Text[map.size() - i];
                    }
                    texts[textCount] = (FieldValue.Text) converted;
                    bits[i] = FieldBits.ofText(textCount++);
                }
            }
            i++;
        }
        if (sameNames) {
            return new Fields(recent, bits, 0, texts);
        }
        FieldSchema schema = FieldSchema.ofChecked(names);
        recentSchema = schema;
        return new Fields(schema, bits, 0, texts);
    }

    /** {@link FieldValue#from}, reusing the Text of the last text converted while an equal String arrives. */
    private static FieldValue convert(String name, Object value) {
        if (value instanceof String string) {
            FieldValue.Text recent = recentText;
            if (recent.value() == string || recent.value().equals(string)) {
                return recent;
            }
            FieldValue.Text text = (FieldValue.Text) FieldValue.from(name, string);
            recentText = text;
            return text;
        }
        return FieldValue.from(name, value);
    }

    public FieldSchema schema() {
        return schema;
    }

    /** The value at {@code index} of {@link #schema()}, or null where this reading lacks that field. */
    public FieldValue valueAt(int index) {
        return FieldBits.decode(bitsAt(index), texts);
    }

    /** The numeric value of {@code name}, or NaN when the field is absent or a text. */
    public double number(String name) {
        int index = schema.indexOf(name);
        return index < 0 ? Double.NaN : numberAt(index);
    }

    /** The numeric value at {@code index} of {@link #schema()}, or NaN when it is absent or a text. */
    public double numberAt(int index) {
        long value = bitsAt(index);
        return FieldBits.isNumber(value) ? Double.longBitsToDouble(value) : Double.NaN;
    }

    /** The {@link FieldBits} at {@code index}; a text's code refers to {@link #textOf}. */
    long bitsAt(int index) {
        Objects.checkIndex(index, schema.size());
        return bits[offset + index];
    }

    /** The text that text bits of this reading refer to. */
    FieldValue.Text textOf(long textBits) {
        return texts[FieldBits.code(textBits)];
    }

    @Override
    public FieldValue get(Object name) {
        int index = schema.indexOf(name);
        return index < 0 ? null : valueAt(index);
    }

    @Override
    public boolean containsKey(Object name) {
        int index = schema.indexOf(name);
        return index >= 0 && bitsAt(index) != FieldBits.ABSENT;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Set<Entry<String, FieldValue>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, FieldValue>> iterator() {
                return new Iterator<>() {
                    private int next = advance(0);

                    private int advance(int from) {
                        int index = from;
                        while (index < schema.size() && bitsAt(index) == FieldBits.ABSENT) {
                            index++;
                        }
                        return index;
                    }

                    @Override
                    public boolean hasNext() {
                        return next < schema.size();
                    }

                    @Override
                    public Entry<String, FieldValue> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        Entry<String, FieldValue> entry = new SimpleImmutableEntry<>(schema.name(next), valueAt(next));
                        next = advance(next + 1);
                        return entry;
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
