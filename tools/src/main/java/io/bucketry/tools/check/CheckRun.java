package io.bucketry.tools.check;

import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.adapter.mongo.bucket.MongoServerDiagnostics;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.adapter.mongo.common.ConnectionStrings;
import io.bucketry.bootstrap.wiring.EmbeddedMongo;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One run of {@code bucketry check}: on the configured server (or an embedded test server started
 * here), in a scratch database of its own that it drops at the end unless kept, every check of the
 * backend, the lines printed as they come.
 */
public final class CheckRun {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss").withZone(ZoneOffset.UTC);
    private static final Duration NO_SWEEP = Duration.ofDays(3650);

    private CheckRun() {
    }

    /** A database name no user has: {@code bucketry_check_<UTC time>_<random>}. */
    static String scratchDatabase(Instant now) {
        return "bucketry_check_" + STAMP.format(now) + "_" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
    }

    /**
     * @param lines where the human report goes as the checks run, or null (for --json)
     * @param checks the checks to run, or null for every check of the backend
     */
    public static CheckReport run(BucketryConfig config, boolean keep, PrintStream lines, List<Check> checks, Clock clock) {
        Instant now = Instant.ofEpochMilli(clock.millis());
        String database = scratchDatabase(now);
        boolean embedded = config.mongo().embedded();
        try (EmbeddedMongo server = embedded ? EmbeddedMongo.start() : null) {
            String uri = embedded ? server.uri() : config.mongo().uri();
            BucketryConfig base = config.toBuilder().mongoUri(uri).mongoDatabase(database).embeddedMongo(false)
                    .timeseriesFallback(config.mongo().timeseriesFallback() || embedded).sweepInterval(NO_SWEEP).build();
            try (MongoServerDiagnostics diagnostics = MongoServerDiagnostics.open(new MongoBucketSettings(uri, database, null),
                    config.backend().id())) {
                MongoServerDiagnostics.Server facts = diagnostics.server();
                String shownUri = ConnectionStrings.mask(uri);
                if (lines != null) {
                    CheckReport.printHeader(lines, config.backend().id(), shownUri, embedded, facts.version(),
                            facts.featureCompatibilityVersion(), facts.fcvNote(), database + (keep ? " (kept: --keep)"
                                    : " (dropped at the end; --keep keeps it)"));
                }
                CheckContext context = new CheckContext(base, embedded, CheckContext.bucketry(), diagnostics, now);
                List<CheckReport.Result> results;
                try {
                    results = CheckSuite.run(context, checks == null ? CheckSuite.forBackend(config.backend()) : checks,
                            result -> {
                                if (lines != null) {
                                    lines.println(result.line());
                                }
                            });
                } finally {
                    if (!keep) {
                        diagnostics.dropDatabase();
                    }
                }
                CheckReport report = CheckReport.of(config.backend().id(), shownUri, embedded, facts.version(),
                        facts.featureCompatibilityVersion(), facts.fcvNote(), database, keep, results);
                if (lines != null) {
                    lines.println(keep ? "scratch database " + database + " kept" : "scratch database " + database + " dropped");
                    lines.println(report.summary());
                }
                return report;
            }
        }
    }
}
