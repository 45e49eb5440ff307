package io.bucketry.adapter.inmemory;

import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;

/**
 * A {@link ReadingSink} in front of another that gives each row of one series the meta it was written with
 * ({@link SeriesBuckets#metaAt}): the buckets hand on rows without it, and the sink hears a new
 * {@link ReadingSink#series} where the meta changes. Series calls from a row feed are ignored for that reason.
 */
final class MetaRuns implements ReadingSink {

    private final SeriesBuckets buckets;
    private final SeriesId series;
    private final ReadingSink target;
    private SeriesMeta meta;
    private FieldSchema names;
    /** Whether the target has heard {@link #names} since its last series call. */
    private boolean named;

    MetaRuns(SeriesBuckets buckets, SeriesId series, ReadingSink target) {
        this.buckets = buckets;
        this.series = series;
        this.target = target;
    }

    @Override
    public void series(SeriesId ignored, SeriesMeta alsoIgnored) {
        // the rows' meta is looked up by time, below
    }

    @Override
    public void columns(FieldSchema columns) {
        if (columns != names) {
            names = columns;
            named = false;
        }
    }

    @Override
    public void row(long epochMilli) {
        SeriesMeta at = buckets.metaAt(epochMilli);
        if (!at.equals(meta)) {
            meta = at;
            target.series(series, at);
            named = false;
        }
        if (!named) {
            target.columns(names);
            named = true;
        }
        target.row(epochMilli);
    }

    @Override
    public void number(int column, double value) {
        target.number(column, value);
    }

    @Override
    public void text(int column, String value) {
        target.text(column, value);
    }
}
