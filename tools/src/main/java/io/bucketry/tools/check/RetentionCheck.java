package io.bucketry.tools.check;

import io.bucketry.tools.check.CheckContext.OpenStore;
import io.bucketry.domain.SeriesId;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static io.bucketry.tools.check.CheckData.*;

/**
 * Queries never return expired readings, removed yet or not: store readings, set the store's clock
 * past their retention (no sweep runs, and the server's TTL has not had the time), and read.
 */
final class RetentionCheck {

    static final Duration RETENTION = Duration.ofDays(2);

    private RetentionCheck() {
    }

    static Outcome run(CheckContext context) {
        Instant first = origin(context.now());
        SettableClock clock = new SettableClock(context.now());
        try (OpenStore store = context.open("retention", clock, b -> b.retention(RETENTION))) {
            store.useCases().ingest().ingest(CheckData.run("retention", first, MINUTE, 30));
            int before = readAll(store.useCases(), "retention", clock.instant()).size();
            clock.advance(RETENTION.plus(Duration.ofHours(1)));
            int after = store.useCases().read().read(new SeriesId("retention"), first, clock.instant(), 1000).size();
            Optional<?> latest = store.useCases().latest().latest(new SeriesId("retention"));
            long windows = store.useCases().aggregateAll().aggregateAll(first, clock.instant(), Duration.ofMinutes(5)).size();
            return Outcome.when(before == 30 && after == 0 && latest.isEmpty() && windows == 0,
                    "30 readings read back, then hidden from range, latest and aggregates once the clock passed their "
                            + "retention of 2d",
                    "before " + before + " of 30; after the retention: range " + after + ", latest " + latest.isPresent()
                            + ", windows " + windows + " (expected none)");
        }
    }
}
