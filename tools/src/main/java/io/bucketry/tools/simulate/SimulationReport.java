package io.bucketry.tools.simulate;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.bucketry.server.json.StatisticsView;

import java.util.List;

/**
 * What {@code simulate} measured; serialised as the one JSON object of {@code --json}. The ignored
 * components only feed the human report; {@code mongo} and {@code baseline} appear only for the
 * backends that have them.
 */
public record SimulationReport(String backend, ScenarioView scenario, IngestView ingest, MemoryView memory,
                               DashboardView dashboardQuery, AlertingView alertingQuery,
                               @JsonInclude(JsonInclude.Include.NON_NULL) GroupedAlertingView groupedAlertingQuery,
                               StatisticsView storage,
                               @JsonInclude(JsonInclude.Include.NON_NULL) MongoView mongo,
                               @JsonInclude(JsonInclude.Include.NON_NULL) BaselineView baseline,
                               @JsonInclude(JsonInclude.Include.NON_NULL) SealingView sealing,
                               AlertingWaysView alertingThreeWays, LongRangeView longRangeStore,
                               @JsonInclude(JsonInclude.Include.NON_NULL) SubWindowView subWindows,
                               @JsonIgnore int batchSize, @JsonIgnore String storageNote, @JsonIgnore String runsNote) {

    /** The scenario as run; {@code tags}: whether its sensors had tags ({@code --tags}). */
    public record ScenarioView(int sensors, Number intervalSeconds, Number hours, double lateShare,
                               double duplicateShare, boolean tags) {
    }

    /**
     * Readings submitted (duplicates included) and their outcome; time spent inside the ingest use
     * case only, after a scratch stream of {@code warmUpReadings} readings into a scratch store (0: no warm-up)
     * and on until the JIT was quiet ({@code warmUp}, in batches; null without a warm-up); the process's CPU time
     * during those calls per submitted reading (null where not measurable).
     */
    public record IngestView(long readings, long accepted, long duplicates, long rejected, double seconds,
                             long readingsPerSecond, Double cpuNanosPerReading,
                             @JsonInclude(JsonInclude.Include.NON_NULL) WarmUpView warmUp,
                             @JsonIgnore long warmUpReadings) {
    }

    /** Heap used after full GC once ingest is done, minus before, divided by the accepted readings. */
    public record MemoryView(double retainedBytesPerReading) {
    }

    /**
     * Latency percentiles of the one-sensor, last-24-hours query, with the warm-up before them and the
     * share of the timed phase the thread spent on a CPU ({@code cpuShare}, null where not measurable);
     * with {@code --dashboard-rounds} above 1, the p50 of each round of timed runs (the figures are the first's).
     */
    public record DashboardView(int runs, int readings, double p50Micros, double p99Micros, WarmUpView warmUp,
                                Double cpuShare, @JsonInclude(JsonInclude.Include.NON_NULL) List<Double> roundsP50Micros) {
    }

    /** A query's warm-up: its runs, their wall time, and whether the JIT went quiet before the cap. */
    public record WarmUpView(int runs, double seconds, boolean jitQuiet) {
    }

    /**
     * The write cost of sub-window summaries ({@code --sub-window}), in memory, by the store's own heap
     * accounting after the queries: their heap per bucket and per stored reading, and the average
     * bucket with them (the storage statistics' avgBucketBytes) and without them (minus their share).
     */
    public record SubWindowView(String subWindow, double summaryBytesPerBucket, double summaryBytesPerReading,
                                double bucketBytes, double bucketBytesWithout) {
    }

    /**
     * The all-sensor, 5-minute-window, last-10-minutes aggregation: median wall time, and the first run's (to the
     * microsecond: a small store's first run takes well under a tenth of a millisecond).
     */
    public record AlertingView(long series, long windows, double millis, double firstMillis, @JsonIgnore int runs,
                               WarmUpView warmUp) {
    }

    /**
     * With tags only: the grouped alerting job (5-minute windows per building over the last 10 minutes: its
     * groups, the series they merge, their windows) and the alerting job filtered to 3 of the 250 buildings.
     */
    public record GroupedAlertingView(long groups, long series, long windows, QueryTiming timing,
                                      long filteredSeries, QueryTiming filteredTiming) {
    }

    /** Medians over {@code runs} timed runs: wall time and the calling thread's CPU time (null: not measurable); the first run's wall time. */
    public record QueryTiming(int runs, double p50Millis, Double p50CpuMillis, double firstMillis, WarmUpView warmUp) {
    }

    /**
     * What a Mongo store sent to its server during the ingest phase, and what it stored.
     *
     * @param updateStatementsPerBucketPerBatch null where the store does not write its own buckets (mongo-timeseries)
     * @param bytesPerReading null where the server cannot tell the stored bucket bytes
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record MongoView(double writeCommandsPer1000Readings, Double updateStatementsPerBucketPerBatch,
                            Double bytesPerReading, @JsonIgnore long writeCommands, @JsonIgnore long writeStatements,
                            @JsonIgnore long bucketsTouched, @JsonIgnore boolean embeddedServer,
                            @JsonInclude(JsonInclude.Include.NON_NULL) SealedView sealed) {

        /** Without sealing (every store but mongo-bucket's sealed layout). */
        public MongoView(double writeCommandsPer1000Readings, Double updateStatementsPerBucketPerBatch,
                         Double bytesPerReading, long writeCommands, long writeStatements, long bucketsTouched,
                         boolean embeddedServer) {
            this(writeCommandsPer1000Readings, updateStatementsPerBucketPerBatch, bytesPerReading, writeCommands,
                    writeStatements, bucketsTouched, embeddedServer, null);
        }
    }

    /**
     * mongo-bucket's sealed layout, once every ended window is sealed: the sealed documents' BSON
     * bytes per reading (overall is {@link MongoView#bytesPerReading}), and what sealing sent to the
     * server (in the background during ingest and in the final sweep), apart from ingest's writes.
     *
     * @param sealedBytesPerReading null where the server cannot tell the stored bucket bytes
     */
    public record SealedView(long sealedDocuments, long sealedReadings, Double sealedBytesPerReading,
                             double sealingCommandsPer1000Readings, long sealingCommands, long sealingStatements,
                             long windowsSealed, double finalSweepSeconds) {
    }

    /**
     * The in-memory store's sealed buckets after the measured queries, by the store's own heap
     * accounting: per reading of the sealed buckets, of the same buckets as rows when they were
     * sealed, and of every bucket; codec rates in values (times and field values) per second.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record SealingView(long sealedBuckets, long sealedReadings, Double sealedBytesPerReading,
                              Double rowBytesPerReadingBeforeSealing, Double bytesPerReading,
                              Double openBytesPerReading, Double encodeValuesPerSecond, Double decodeValuesPerSecond,
                              long reopenedBuckets, @JsonIgnore long encodedValues, @JsonIgnore long decodedValues,
                              @JsonIgnore long readings) {
    }

    /** The same readings written one document per reading (the seeds' "incorrect" schema), side by side. */
    public record BaselineView(long documents, double bytesPerReading, double writeCommandsPer1000Readings,
                               double seconds, @JsonIgnore long readings, @JsonIgnore long writeCommands,
                               @JsonIgnore String collection) {
    }

    /**
     * The alerting job over the whole 5-minute windows of the last 10 minutes ([from, to)), three ways
     * on the same readings: on read from the buckets, with sub-window summaries, from a 5-minute
     * rollup tier; {@code agree} tells whether every present way answered the same windows;
     * {@code wallSeconds} is the whole phase's wall time (copies, ingests, settle, queries).
     * {@code absent} (and nothing else) when the phase did not run.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AlertingWaysView(String from, String to, AlertingWay onRead, AlertingWay subWindow, AlertingWay tier,
                                   Boolean agree, TierStoreView tierStore, Double wallSeconds, String absent) {

        static AlertingWaysView absent(String reason) {
            return new AlertingWaysView(null, null, null, null, null, null, null, null, reason);
        }
    }

    /** One way of answering the alerting job: which store and source answered, median of {@code runs}; or why absent. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AlertingWay(String source, Long series, Long windows, Double millis, Integer runs, String absent) {

        static AlertingWay absent(String reason) {
            return new AlertingWay(null, null, null, null, null, reason);
        }
    }

    /**
     * The store that answered the alerting job from a tier: the last minutes of every sensor copied
     * from the main store, ingested with the tier maintained (and, for comparison, into a store
     * without tiers), then settled; {@code sameAnswerPastRawRetention}: the query, asked again with
     * the store's clock moved past the raw retention (so only the tier can answer it), gave the same windows.
     */
    public record TierStoreView(String rollups, long readings, double ingestSeconds, long readingsPerSecond,
                                long withoutTiersReadingsPerSecond, double settleSeconds,
                                boolean sameAnswerPastRawRetention) {
    }

    /**
     * A dedicated small store holding {@code days} of a few sensors at one reading a minute, raw
     * readings kept {@code retention}, a 1-hour tier far longer, filled with its clock following the
     * stream and settled as the sweeper would: seed 002's seven-day raw query and a 90-day hourly
     * chart of one sensor; {@code wallSeconds} is the whole phase's wall time. {@code absent} (and
     * nothing else) when the phase did not run.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LongRangeView(Integer sensors, Number days, String retention, String rollups, Long readings,
                                Double ingestSeconds, Long readingsPerSecond, Double settleSeconds,
                                DashboardView sevenDayQuery, ChartView hourlyChart, Double wallSeconds, String absent) {

        static LongRangeView absent(String reason) {
            return new LongRangeView(null, null, null, null, null, null, null, null, null, null, null, reason);
        }
    }

    /**
     * The 90-day chart of one sensor at 1-hour windows (aggregate use case); {@code windowsPastRawRetention}
     * of its windows start before now − retention, where only the tier holds them.
     */
    public record ChartView(int runs, int windows, int windowsPastRawRetention, double p50Micros, double p99Micros,
                            WarmUpView warmUp) {
    }

    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }

    /** A whole number as a long, otherwise the double itself (so 24 hours prints as 24, 90 minutes as 1.5). */
    static Number compact(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? (Number) (long) value : (Number) value;
    }
}
