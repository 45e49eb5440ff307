package io.bucketry.application.contract;

import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A {@link ReadingSink} that builds back the readings it is handed, checking the order of the calls as it goes. */
public final class RebuiltReadings implements ReadingSink {

    private final List<Reading> readings = new ArrayList<>();
    private SeriesId series;
    private SeriesMeta meta;
    private FieldSchema names;
    private long time;
    private Map<String, Object> values;

    @Override
    public void series(SeriesId id, SeriesMeta written) {
        finishRow();
        series = id;
        meta = written;
        names = null;
    }

    @Override
    public void columns(FieldSchema columns) {
        assertThat(series).as("columns before any series").isNotNull();
        finishRow();
        names = columns;
    }

    @Override
    public void row(long epochMilli) {
        assertThat(names).as("a row before its columns").isNotNull();
        finishRow();
        time = epochMilli;
        values = new LinkedHashMap<>();
    }

    @Override
    public void number(int column, double value) {
        assertThat(Double.isFinite(value)).as("a number handed on is finite: %s", value).isTrue();
        assertThat(values.put(names.name(column), value)).as("column %s given twice", column).isNull();
    }

    @Override
    public void text(int column, String value) {
        assertThat(values.put(names.name(column), value)).as("column %s given twice", column).isNull();
    }

    private void finishRow() {
        if (values != null) {
            readings.add(Reading.at(series, time, Fields.of(values)).withMeta(meta));
            values = null;
        }
    }

    /** The readings handed on so far, in order. */
    public List<Reading> readings() {
        finishRow();
        return List.copyOf(readings);
    }
}
