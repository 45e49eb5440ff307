package io.bucketry.tools.check;

import io.bucketry.adapter.mongo.bucket.MongoBucketDiagnostics;
import io.bucketry.adapter.mongo.bucket.MongoServerDiagnostics;
import io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesDiagnostics;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.tools.check.CheckContext.OpenStore;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import static io.bucketry.tools.check.CheckData.*;

/** What the server made of the store's requests: layout refusal, indexes and their use, write concern. */
final class ServerChecks {

    private ServerChecks() {
    }

    static List<Check> all() {
        return List.of(
                Check.of("layout refusal", ServerChecks::layoutRefusal),
                Check.of("index definitions", IndexChecks::definitions),
                Check.of("index use", ServerChecks::indexUse),
                Check.of("TTL index options", IndexChecks::ttl),
                Check.only(Backend.MONGO_BUCKET, "sealing index", IndexChecks::sealing),
                Check.only(Backend.MONGO_TIMESERIES, "time-series options", IndexChecks::timeSeriesOptions),
                Check.of("write concern", ServerChecks::writeConcern));
    }

    /** Reopening a collection with another bucket width would misplace readings: the start must refuse it (issue 10 §1). */
    private static Outcome layoutRefusal(CheckContext context) {
        try (OpenStore store = context.open("layout", b -> b.bucketWidth(Duration.ofHours(1)))) {
            store.useCases().ingest().ingest(List.of(reading("layout", origin(context.now()), 1)));
        }
        OpenStore reopened;
        try {
            reopened = context.open("layout", b -> b.bucketWidth(Duration.ofMinutes(30)));
        } catch (RuntimeException e) {
            String message = String.valueOf(e.getMessage());
            return Outcome.when(message.contains("bucketWidth"),
                    "reopening with bucketWidth 30m over data stored with 1h was refused: " + message,
                    "reopening with bucketWidth 30m was refused, but the message does not name bucketWidth: " + message);
        }
        reopened.close();
        return Outcome.fail("reopening a collection stored with bucketWidth 1h with bucketWidth 30m was accepted;"
                + " expected a refusal naming bucketWidth");
    }

    private static Outcome indexUse(CheckContext context) {
        if (context.embedded()) {
            return Outcome.skip("the embedded test server cannot explain a query; run check against a real server");
        }
        String collection = "index_use";
        Instant from = origin(context.now());
        Reading reading = expected(List.of(reading("plans", from, 1))).get(0);
        try (OpenStore store = context.open(collection)) {
            store.useCases().ingest().ingest(CheckData.run("plans", from, MINUTE, 120));
        }
        Instant to = from.plus(Duration.ofHours(1));
        BucketryConfig config = context.config(collection, UnaryOperator.identity());
        Map<String, String> plans = context.backend() == Backend.MONGO_BUCKET
                ? MongoBucketDiagnostics.explain(context.bucketSettings(collection), config.bucketPolicyValue(), reading, from, to)
                : MongoTimeSeriesDiagnostics.explain(context.timeSeriesSettings(collection), new SeriesId("plans"), from, to);
        List<String> seen = new ArrayList<>();
        boolean all = true;
        for (Map.Entry<String, String> plan : plans.entrySet()) {
            List<String> stages = QueryPlans.winningStages(plan.getValue());
            all &= QueryPlans.usesIndex(stages);
            seen.add(plan.getKey() + " " + String.join(">", stages));
        }
        return Outcome.when(all, "index scans: " + String.join("; ", seen),
                "expected index scans, not collection scans: " + String.join("; ", seen));
    }

    /** The contract: w=majority unless the connection string sets w (issue 10 §2.1). */
    private static Outcome writeConcern(CheckContext context) {
        String collection = "write_concern";
        String configured = uriOption(context.config(collection, UnaryOperator.identity()).mongo().uri(), "w");
        String sent = context.backend() == Backend.MONGO_BUCKET
                ? MongoServerDiagnostics.clientWriteConcern(context.bucketSettings(collection))
                : MongoTimeSeriesDiagnostics.clientWriteConcern(context.timeSeriesSettings(collection));
        String expected = configured == null ? "majority" : configured;
        String serverDefault = context.server().defaultWriteConcern();
        return Outcome.when(expected.equals(sent),
                "the store writes with w=" + sent + (configured == null ? "" : " (set by the connection string)")
                        + "; server default " + serverDefault,
                "the store writes with " + (sent == null ? "no write concern (the server's default applies: "
                        + serverDefault + ")" : "w=" + sent) + "; expected w=" + expected
                        + (configured == null ? " (Bucketry's default unless the connection string sets w)" : ""));
    }

    /** The value of {@code name} in the connection string's options, or null. */
    static String uriOption(String uri, String name) {
        int query = uri.indexOf('?');
        if (query < 0) {
            return null;
        }
        for (String option : uri.substring(query + 1).split("&")) {
            int equals = option.indexOf('=');
            if (equals > 0 && option.substring(0, equals).equalsIgnoreCase(name)) {
                return option.substring(equals + 1);
            }
        }
        return null;
    }
}
