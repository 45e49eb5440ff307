package io.bucketry.server.transfer;

import io.bucketry.domain.Reading;

import java.util.List;
import java.util.TreeSet;

/**
 * The columns of a CSV export beyond {@code series,time}: a {@value #MEASUREMENT} column when a reading of the
 * export has a measurement, a {@code tag.<key>} column per tag key the readings have, then the field names;
 * keys and names sorted. Field names never start with {@code _} nor hold a {@code .}, so neither kind of column
 * can be taken for a field. A header with tag or measurement columns states each record's tags and measurement
 * whole: an empty cell is a tag the reading lacks (or no measurement).
 *
 * @param measurement whether the export has a measurement column
 * @param tagKeys     the keys of its tag columns, sorted
 * @param fields      its field names, sorted
 */
record CsvColumns(boolean measurement, List<String> tagKeys, List<String> fields) {

    /** The column of the measurement a reading was sent under (InfluxDB's annotated CSV names it so too). */
    static final String MEASUREMENT = "_measurement";
    /** The prefix of a tag column's name: {@code tag.building} holds tag {@code building}. */
    static final String TAG = "tag.";

    CsvColumns {
        tagKeys = List.copyOf(tagKeys);
        fields = List.copyOf(fields);
    }

    /** Whether each record states its tags and measurement (else an import gives it its series' latest). */
    boolean statesMeta() {
        return measurement || !tagKeys.isEmpty();
    }

    /** Collects the columns of the readings it is shown. */
    static final class Collector {
        private boolean measurement;
        private final TreeSet<String> tagKeys = new TreeSet<>();
        private final TreeSet<String> fields = new TreeSet<>();

        void add(Reading reading) {
            measurement |= reading.meta().measurement() != null;
            tagKeys.addAll(reading.meta().tags().values().keySet());
            fields.addAll(reading.fields().keySet());
        }

        CsvColumns columns() {
            return new CsvColumns(measurement, List.copyOf(tagKeys), List.copyOf(fields));
        }
    }
}
