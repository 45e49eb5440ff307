package io.bucketry.application.transfer;

import io.bucketry.application.port.in.ListSeriesUseCase;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.SeriesPage;
import io.bucketry.application.port.in.TimeBound;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * Reads a series, or every series, in time-ordered chunks through the read and list use cases, so
 * that memory stays bounded by one chunk whatever the size of the data: each chunk is one
 * {@code read(series, from, to, chunkSize)}, and the next starts 1 ms after the last time seen
 * (times are whole milliseconds and a series holds one reading per time). Series come from the
 * listing, a page of {@link ListSeriesUseCase#MAX_LIMIT} at a time.
 */
public final class ReadingStream {

    /** Readings per chunk unless told otherwise. */
    public static final int DEFAULT_CHUNK = 10_000;

    private final ReadReadingsUseCase read;
    private final ListSeriesUseCase list;
    private final int chunkSize;

    public ReadingStream(ReadReadingsUseCase read, ListSeriesUseCase list, int chunkSize) {
        this.read = Objects.requireNonNull(read, "read");
        this.list = Objects.requireNonNull(list, "list");
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunk size " + chunkSize + " must be positive");
        }
        this.chunkSize = chunkSize;
    }

    public ReadingStream(ReadReadingsUseCase read, ListSeriesUseCase list) {
        this(read, list, DEFAULT_CHUNK);
    }

    /** The ids of the series whose id starts with {@code prefix} (null or empty: all), in id order, listed lazily. */
    public Iterable<SeriesId> series(String prefix) {
        return () -> new Iterator<>() {
            private Iterator<SeriesSummary> page = List.<SeriesSummary>of().iterator();
            private SeriesId after;
            private boolean last;

            @Override
            public boolean hasNext() {
                while (!page.hasNext() && !last) {
                    SeriesPage next = list.list(prefix, after == null ? null : after.value(), ListSeriesUseCase.MAX_LIMIT);
                    page = next.series().iterator();
                    after = next.next();
                    last = after == null;
                }
                return page.hasNext();
            }

            @Override
            public SeriesId next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return page.next().series();
            }
        };
    }

    /**
     * Reads one reading of the selection's first series (of {@code series}, else of {@code prefix}), so that
     * a bad range or prefix, or a store that does not answer, fails before anything is written.
     *
     * @throws io.bucketry.application.port.in.InvalidRequestException INVALID_RANGE, INVALID_PREFIX
     */
    public void check(SeriesId series, String prefix, TimeBound from, TimeBound to) {
        new TimeBounds(from, to).requireOrdered();   // also where no series is selected
        SeriesId first = series;
        if (first == null) {
            SeriesPage page = list.list(prefix, null, 1);
            first = page.series().isEmpty() ? null : page.series().get(0).series();
        }
        if (first != null) {
            read.read(first, new TimeBounds(from, to), 1);
        }
    }

    /**
     * The readings of {@code series} in {@code [from, to)} (null: the oldest kept, no end), in time
     * order, as chunks of at most the chunk size; each chunk is read when the previous one is done.
     * A bad range fails on the first chunk, as {@link ReadReadingsUseCase#read} does. Each chunk is one
     * request: a bound relative to now is resolved at its instant, as the retention is; every chunk
     * after the first starts where the one before ended.
     */
    public Iterable<List<Reading>> chunks(SeriesId series, TimeBound from, TimeBound to) {
        Objects.requireNonNull(series, "series");
        return () -> new Iterator<>() {
            private TimeBound next = from;
            private List<Reading> chunk;
            private boolean done;

            @Override
            public boolean hasNext() {
                if (chunk == null && !done) {
                    chunk = read.read(series, new TimeBounds(next, to), chunkSize);
                    if (chunk.size() < chunkSize) {
                        done = true;
                    } else {
                        Instant after = chunk.get(chunk.size() - 1).time().plusMillis(1);
                        next = TimeBound.of(after);
                        done = to instanceof TimeBound.Absolute end && !after.isBefore(end.instant());
                    }
                    if (chunk.isEmpty()) {
                        chunk = null;
                    }
                }
                return chunk != null;
            }

            @Override
            public List<Reading> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                List<Reading> answer = chunk;
                chunk = null;
                return answer;
            }
        };
    }
}
