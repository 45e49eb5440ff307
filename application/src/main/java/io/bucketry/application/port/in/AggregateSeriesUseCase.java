package io.bucketry.application.port.in;

import io.bucketry.domain.GapFill;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.WindowAggregate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Use case: window aggregates (count, min, max, sum, avg, first, last) of one series. */
public interface AggregateSeriesUseCase {

    /**
     * @param from inclusive start, or null for the oldest kept reading
     * @param to exclusive end, or null for no end
     * @param window window size; windows are aligned to multiples of it since the epoch
     * @param fill how windows without readings are answered ({@link GapFill#none()}: left out)
     * @throws InvalidRequestException INVALID_RANGE, INVALID_WINDOW, INVALID_FILL (a linear fill with a bound off
     *         a window boundary) or TOO_MANY_WINDOWS (filled windows count too)
     */
    default List<WindowAggregate> aggregate(SeriesId series, Instant from, Instant to, Duration window, GapFill fill) {
        return aggregate(series, TagFilter.ANY, from, to, window, fill);
    }

    /** As {@link #aggregate(SeriesId, Instant, Instant, Duration, GapFill)}, of its readings written with tags that match {@code filter}. */
    List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, Instant from, Instant to, Duration window,
                                    GapFill fill);

    /** The windows that hold readings, empty ones left out. */
    default List<WindowAggregate> aggregate(SeriesId series, Instant from, Instant to, Duration window) {
        return aggregate(series, from, to, window, GapFill.none());
    }
}
