package io.bucketry.adapter.mongo.common.lane;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreRollups;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.RollupTier;
import io.bucketry.domain.RollupTiers;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One Bucketry process of the multi-process lane: a store with a 1-hour tier over its own client,
 * loaded by {@link ProcessLane} in a class loader of its own, so that it shares nothing with the
 * others but the database. It speaks only JDK types (the loaders share no Bucketry class):
 * commands are lists whose first element names them.
 */
public abstract class LaneProcess implements Function<List<Object>, Object> {

    public static final Duration TIER = Duration.ofHours(1);
    static final RetentionPolicy RETENTION = new RetentionPolicy(Duration.ofDays(3), Duration.ofDays(1), Duration.ofHours(1));

    private final ReadingStore store;
    private final StoreRollups rollups;
    private final UseCases cases;

    protected LaneProcess(String uri, String database, String collection) {
        this.store = open(uri, database, collection, RETENTION);
        this.rollups = rollups(store);
        RollupTiers tiers = new RollupTiers(List.of(new RollupTier(TIER, Duration.ofDays(30))));
        this.cases = UseCases.over(store, ApplicationSettings.defaults().withRetention(RETENTION), Clock.systemUTC(), null,
                tiers, rollups);
    }

    /** This backend's store on {@code collection}, over a client of its own. */
    protected abstract ReadingStore open(String uri, String database, String collection, RetentionPolicy retention);

    /** The rollup store beside {@code store}. */
    protected abstract StoreRollups rollups(ReadingStore store);

    @Override
    @SuppressWarnings("unchecked")
    public Object apply(List<Object> command) {
        return switch ((String) command.get(0)) {
            case "ingest" -> ingest((List<Object[]>) command.get(1));
            case "settle" -> cases.reclaim().reclaim();
            case "delete" -> cases.delete().delete(SeriesId.of((String) command.get(1)));
            case "aggregate" -> windows(cases.aggregate().aggregate(SeriesId.of((String) command.get(1)),
                    Instant.ofEpochMilli((Long) command.get(2)), Instant.ofEpochMilli((Long) command.get(3)),
                    Duration.ofMillis((Long) command.get(4))));
            case "tier" -> windows(rollups.read(SeriesId.of((String) command.get(1)), TIER,
                    new TimeRange(Instant.ofEpochMilli((Long) command.get(2)), Instant.ofEpochMilli((Long) command.get(3)))));
            case "close" -> {
                store.close();
                yield null;
            }
            default -> throw new IllegalArgumentException("no lane command " + command.get(0));
        };
    }

    /** Readings as (series, epoch ms, value); answers {accepted, duplicates}. */
    private long[] ingest(List<Object[]> readings) {
        List<ReadingInput> batch = new ArrayList<>(readings.size());
        for (Object[] reading : readings) {
            batch.add(new ReadingInput((String) reading[0], reading[1], Map.of("v", reading[2])));
        }
        IngestReport report = cases.ingest().ingest(batch);
        if (!report.rejected().isEmpty()) {
            throw new IllegalStateException("lane readings refused: " + report.rejected());
        }
        return new long[] {report.accepted(), report.duplicates()};
    }

    /** Windows as {start ms, count, sum of v}. */
    private static List<long[]> windows(List<WindowAggregate> windows) {
        List<long[]> out = new ArrayList<>();
        for (WindowAggregate window : windows) {
            double sum = window.fields().containsKey("v") ? window.fields().get("v").sum() : Double.NaN;
            out.add(new long[] {window.start().toEpochMilli(), window.count(), Double.doubleToLongBits(sum)});
        }
        return out;
    }
}
