package io.bucketry.server.metrics;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.application.port.out.StoreFullException;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Decorates every use case: each call is timed per operation and outcome, each failure that is not
 * the caller's fault is counted as a store error, and each ingest report adds its accepted,
 * duplicate and rejected (per reason) readings to counters. The use cases themselves know no metrics.
 */
final class MeteredUseCases {

    private final MeterRegistry registry;
    /** Each operation's timer of calls that succeeded, found once (as {@link ServerMetrics#request}'s timers). */
    private final Map<String, Timer> succeeded = new ConcurrentHashMap<>();

    private MeteredUseCases(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Both forms of a read, rows and columns, counted as "read". */
    private ReadReadingsUseCase read(ReadReadingsUseCase read) {
        return new ReadReadingsUseCase() {
            @Override
            public List<Reading> read(SeriesId series, TimeBounds bounds, int limit) {
                return call("read", () -> read.read(series, bounds, limit));
            }

            @Override
            public void read(SeriesId series, TimeBounds bounds, int limit, ReadingSink sink) {
                call("read", () -> {
                    read.read(series, bounds, limit, sink);
                    return null;
                });
            }
        };
    }

    static UseCases around(UseCases u, MeterRegistry registry) {
        MeteredUseCases m = new MeteredUseCases(registry);
        return new UseCases(m.ingest(u.ingest()),
                m.read(u.read()),
                series -> m.call("latest", () -> u.latest().latest(series)),
                (series, number, size) -> m.call("page", () -> u.page().page(series, number, size)),
                (series, filter, bounds, window, fill) -> m.call("aggregate",
                        () -> u.aggregate().aggregate(series, filter, bounds, window, fill)),
                (filter, bounds, window, fill) -> m.call("aggregateAll",
                        () -> u.aggregateAll().aggregateAll(filter, bounds, window, fill)),
                () -> m.call("describe", () -> u.describe().describe()),
                series -> m.call("delete", () -> u.delete().delete(series)),
                () -> m.call("reclaim", () -> u.reclaim().reclaim()),
                () -> m.call("health", () -> u.health().check()),
                (filter, prefix, after, limit) -> m.call("series", () -> u.series().list(filter, prefix, after, limit)),
                query -> m.call("lastpoints", () -> u.lastpoints().lastpoints(query)),
                (filter, groupBy, bounds, window, fill) -> m.call("aggregateGroups",
                        () -> u.groups().aggregateGroups(filter, groupBy, bounds, window, fill)),
                (filter, limit) -> m.call("latestByTags", () -> u.latestByTags().latest(filter, limit)));
    }

    private IngestReadingsUseCase ingest(IngestReadingsUseCase ingest) {
        Counter accepted = Counter.builder("bucketry.readings.accepted").description("readings stored by ingests")
                .register(registry);
        Counter duplicates = Counter.builder("bucketry.readings.duplicates")
                .description("readings not stored because their series and time were already stored").register(registry);
        return batch -> {
            IngestReport report = call("ingest", () -> ingest.ingest(batch));
            accepted.increment(report.accepted());
            duplicates.increment(report.duplicates());
            report.rejected().forEach(r -> Counter.builder("bucketry.readings.rejected")
                    .description("readings refused by ingests, by reason").tag("reason", r.reason().name())
                    .register(registry).increment());
            return report;
        };
    }

    private <T> T call(String operation, Supplier<T> work) {
        Timer.Sample sample = Timer.start(registry);
        String outcome = "ok";
        try {
            return work.get();
        } catch (RuntimeException | Error e) {
            outcome = outcome(e);
            if (!outcome.equals("refused")) {
                Counter.builder("bucketry.store.errors").description("use case calls failed by the store or a bug")
                        .tags("operation", operation, "error", outcome).register(registry).increment();
            }
            throw e;
        } finally {
            sample.stop(outcome.equals("ok") ? succeeded.computeIfAbsent(operation, o -> timer(o, "ok"))
                    : timer(operation, outcome));
        }
    }

    private Timer timer(String operation, String outcome) {
        return Timer.builder("bucketry.store.operations")
                .description("use case calls (each one store operation or a few) by outcome")
                .tags("operation", operation, "outcome", outcome)
                .serviceLevelObjectives(ServerMetrics.LATENCY_BUCKETS).register(registry);
    }

    /** {@code refused} for the caller's bad input, else the kind of failure: a bounded set of labels. */
    private static String outcome(Throwable e) {
        if (e instanceof InvalidRequestException || e instanceof InvalidReadingException) {
            return "refused";
        }
        if (e instanceof StoreUnavailableException) {
            return "unavailable";
        }
        return e instanceof StoreFullException ? "full" : "internal";
    }
}
