package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.domain.WindowAggregator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;

/** An aggregator per series, and whether more than the caller's maximum of windows exist already. */
final class SeriesWindows {
    private final Duration window;
    private final int maxWindows;
    private final TreeMap<SeriesId, WindowAggregator> bySeries = new TreeMap<>();
    private long opened;

    SeriesWindows(long windowMillis, int maxWindows) {
        this.window = Duration.ofMillis(windowMillis);
        this.maxWindows = maxWindows;
    }

    /** Feeds the aggregator of {@code series}, counting the windows it opens across all series. */
    void feed(SeriesId series, Consumer<WindowAggregator> feed) {
        WindowAggregator aggregator = bySeries.computeIfAbsent(series, s -> new WindowAggregator(s, window));
        int before = aggregator.windowCount();
        feed.accept(aggregator);
        opened += aggregator.windowCount() - before;
    }

    boolean full() {
        return opened > maxWindows;
    }

    /** The accumulator of {@code series}, or null when none of its readings were fed. */
    WindowAggregator of(SeriesId series) {
        return bySeries.get(series);
    }

    List<WindowAggregate> result() {
        List<WindowAggregate> out = new ArrayList<>();
        bySeries.values().forEach(aggregator -> out.addAll(aggregator.result()));
        return out;
    }
}
