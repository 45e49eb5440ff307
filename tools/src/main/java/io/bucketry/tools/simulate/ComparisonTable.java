package io.bucketry.tools.simulate;

import io.bucketry.adapter.mongo.bucket.StorageProbe.Sizes;
import io.bucketry.tools.simulate.Comparison.Measured;
import io.bucketry.tools.simulate.SimulationReport.BaselineView;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The one table of {@code simulate --compare}: per measure, the figure of mongo-bucket, of
 * mongo-timeseries and of one document per reading, and how it was measured. A figure the server
 * could not give is text saying why ("n/a: …"); serialised as is by {@code --json}.
 */
public record ComparisonTable(String scenario, boolean embeddedServer, List<Row> rows) {

    /** One measure; each value a number or the reason there is none. */
    public record Row(String measure, Object mongoBucket, Object mongoTimeseries, Object oneDocumentPerReading, String how) {
    }

    private static final String NOT_QUERIED = "n/a: written only, never queried";

    static ComparisonTable of(Scenario s, Measured bucket, Measured timeSeries, boolean embedded) {
        BaselineView baseline = bucket.report().baseline();
        long readings = bucket.report().storage().readings();
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("documents", bucket.report().storage().buckets(), timeSeries.report().storage().buckets(),
                baseline.documents(), "describe-storage use case (time-series: the server's buckets); baseline: countDocuments"));
        rows.add(sizeRow("BSON bytes per reading", bucket, timeSeries, Sizes::bsonBytes, "$bsonSize",
                "server: sum of $bsonSize of the stored documents (time-series: system.buckets) / stored readings"));
        rows.add(new Row("BSON bytes per reading, client-side", orNot(bucket.report().mongo().bytesPerReading()),
                orNot(timeSeries.report().mongo().bytesPerReading()), baseline.bytesPerReading(),
                "size of the BSON documents as returned to the client (at most 100,000) x documents / readings"));
        rows.add(sizeRow("data bytes per reading", bucket, timeSeries, Sizes::dataBytes, "$collStats",
                "server: $collStats storageStats.size (uncompressed), summed over shards / stored readings"));
        rows.add(sizeRow("storage bytes per reading", bucket, timeSeries, Sizes::storageBytes, "$collStats",
                "server: $collStats storageStats.storageSize (on disk, compressed) / stored readings"));
        rows.add(sizeRow("index bytes per reading", bucket, timeSeries, Sizes::indexBytes, "$collStats",
                "server: $collStats storageStats.totalIndexSize / stored readings"));
        rows.add(new Row("write commands per 1,000 readings", bucket.report().mongo().writeCommandsPer1000Readings(),
                timeSeries.report().mongo().writeCommandsPer1000Readings(), baseline.writeCommandsPer1000Readings(),
                "driver CommandListener: insert/update/delete commands during ingest / readings submitted x 1,000"));
        rows.add(new Row("ingest readings/s", bucket.report().ingest().readingsPerSecond(),
                timeSeries.report().ingest().readingsPerSecond(),
                baseline.seconds() == 0 ? "n/a" : Math.round(baseline.readings() / baseline.seconds()),
                "readings submitted / wall time inside the ingest use case; baseline: inside its insertMany calls"));
        rows.add(new Row("dashboard p50 us", bucket.report().dashboardQuery().p50Micros(),
                timeSeries.report().dashboardQuery().p50Micros(), NOT_QUERIED,
                "read use case, one sensor, last 24 h, median of " + bucket.report().dashboardQuery().runs() + " runs"));
        rows.add(new Row("alerting ms", bucket.report().alertingQuery().millis(), timeSeries.report().alertingQuery().millis(),
                NOT_QUERIED, "aggregate-all use case, 5-minute windows of every sensor over the last 10 min, median of "
                + bucket.report().alertingQuery().runs() + " runs"));
        rows.add(new Row("seven-day p50 us", bucket.sevenDays().p50Micros(), timeSeries.sevenDays().p50Micros(), NOT_QUERIED,
                "read use case, one sensor, last 7 days (" + bucket.sevenDays().readings() + " readings), median of "
                        + bucket.sevenDays().runs() + " runs"));
        String scenario = String.format(Locale.ROOT, "%,d sensors, one reading every %ss for %sh, batches of %,d; %,d readings"
                + " stored", s.sensors(), SimulationReport.compact(s.interval().toMillis() / 1e3),
                SimulationReport.compact(s.duration().toMillis() / 3.6e6), s.batchSize(), readings);
        return new ComparisonTable(scenario, embedded, List.copyOf(rows));
    }

    /** Each column divided by its own stored readings (the same stream, so the same count unless one refused some). */
    private static Row sizeRow(String measure, Measured bucket, Measured timeSeries, Function<Sizes, Long> size,
                               String source, String how) {
        return new Row(measure, per(bucket.sizes(), size, source, bucket.report().storage().readings()),
                per(timeSeries.sizes(), size, source, timeSeries.report().storage().readings()),
                per(bucket.baselineSizes(), size, source, bucket.report().baseline().readings()), how);
    }

    /** Bytes per reading, or "n/a: " and the server's reason (its note about {@code source}). */
    private static Object per(Sizes sizes, Function<Sizes, Long> size, String source, long readings) {
        Long bytes = sizes == null ? null : size.apply(sizes);
        if (bytes == null) {
            List<String> notes = sizes == null ? List.of() : sizes.notes().stream().filter(n -> n.startsWith(source)).toList();
            return notes.isEmpty() ? "n/a: the server did not report it" : "n/a: " + String.join("; ", notes);
        }
        return readings == 0 ? "n/a: nothing stored" : SimulationReport.round(bytes / (double) readings, 1);
    }

    private static Object orNot(Double value) {
        return value == null ? "n/a: not measurable by the client" : value;
    }

    /** The table for people: figures aligned, reasons and how-measured below it. */
    public void print(PrintStream out) {
        out.println("Bucketry simulate --compare - " + scenario + (embeddedServer ? " - on the embedded TEST server ("
                + "figures marked n/a are what it cannot give; times are not those of a real server)" : ""));
        out.println(String.format(Locale.ROOT, "%-36s %14s %17s %24s", "", "mongo-bucket", "mongo-timeseries",
                "one doc per reading"));
        List<String> reasons = new ArrayList<>();
        for (Row row : rows) {
            out.println(String.format(Locale.ROOT, "%-36s %14s %17s %24s", row.measure(), cell(row.mongoBucket(), reasons),
                    cell(row.mongoTimeseries(), reasons), cell(row.oneDocumentPerReading(), reasons)));
        }
        out.println("how measured:");
        rows.forEach(row -> out.println("  " + row.measure() + ": " + row.how()));
        for (int i = 0; i < reasons.size(); i++) {
            out.println("  [" + (i + 1) + "] " + reasons.get(i));
        }
    }

    private static String cell(Object value, List<String> reasons) {
        if (value instanceof Number number) {
            if (number instanceof Double d) {
                return String.format(Locale.ROOT, Math.abs(d) < 10 ? "%.3f" : "%,.1f", d);   // e.g. 0.117 commands
            }
            return String.format(Locale.ROOT, "%,d", number.longValue());
        }
        String text = String.valueOf(value);
        if (!text.startsWith("n/a: ")) {
            return text;
        }
        String reason = text.substring(5);
        int index = reasons.indexOf(reason);
        if (index < 0) {
            reasons.add(reason);
            index = reasons.size() - 1;
        }
        return "n/a [" + (index + 1) + "]";
    }
}
