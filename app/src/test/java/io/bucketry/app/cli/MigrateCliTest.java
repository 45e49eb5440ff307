package io.bucketry.app.cli;

import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.app.cli.Cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code bucketry migrate --from-config a.yaml --to-config b.yaml} on a MongoDB test server listening on a port. */
class MigrateCliTest {

    @TempDir
    Path dir;
    @RegisterExtension
    final MongoOnAPort mongo = new MongoOnAPort();

    private Path yaml(String name, String backend, String database, String extra) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "backend: " + backend + "\nmongoUri: " + mongo.uri() + "\nmongoDatabase: " + database
                + "\ntimeseriesFallback: true\n" + extra);
        return file;
    }

    private BucketryConfig config(Backend backend, String database) {
        return BucketryConfig.builder().backend(backend).mongoUri(mongo.uri()).mongoDatabase(database).timeseriesFallback(true)
                .build();
    }

    @Test
    void everySeriesIsCopiedAndTheReportVerifiesEachAndARerunStoresNothingTwice() throws IOException {
        try (Bucketry source = Bucketry.start(config(Backend.MONGO_BUCKET, "src"))) {
            MigrateChainTest.fillWithLateAndDuplicateReadings(source, 16);
        }
        Path a = yaml("a.yaml", "mongo-bucket", "src", "");
        Path b = yaml("b.yaml", "mongo-timeseries", "dst", "");

        Run first = Cli.run("migrate", "--from-config", a.toString(), "--to-config", b.toString());
        Run again = Cli.run("migrate", "--from-config", a.toString(), "--to-config", b.toString(), "--skip-matching");

        int total = MigrateChainTest.SERIES * MigrateChainTest.PER_SERIES;
        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(first.out().lines().filter(line -> line.startsWith("OK   chain-"))).hasSize(MigrateChainTest.SERIES);
        assertThat(first.out()).contains(String.format("migrated 4 series mongo-bucket -> mongo-timeseries: %,d readings "
                + "stored, 0 duplicates; 4 match, 0 differ", total));
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("skipped, already matching").contains("0 readings stored, 0 duplicates; 4 match");
    }

    @Test
    void aTargetHoldingOtherReadingsIsReportedAsADifferenceWithExitCode3() throws IOException {
        Instant time = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(30));
        try (Bucketry source = Bucketry.start(config(Backend.MONGO_BUCKET, "src"));
             Bucketry target = Bucketry.start(config(Backend.MONGO_BUCKET, "dst"))) {
            source.ingest().ingest(List.of(ReadingInput.of("d-1", time, Map.of("v", 1.0))));
            target.ingest().ingest(List.of(ReadingInput.of("d-1", time, Map.of("v", 2.0))));
        }

        Run run = Cli.run("migrate", "--from-backend", "mongo-bucket", "--from-mongo-uri", mongo.uri(), "--from-mongo-database", "src",
                "--to-backend", "mongo-bucket", "--to-mongo-uri", mongo.uri(), "--to-mongo-database", "dst");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(MigrateCommand.DIFFERENCES);
        assertThat(run.out()).contains("DIFF d-1: source 1 reading ").contains("duplicates 1").contains("0 match, 1 differ");
    }

    @Test
    void aTargetStoredWithAnotherLayoutIsRefusedNamingTheTargetAndTheSetting() throws IOException {
        try (Bucketry target = Bucketry.start(config(Backend.MONGO_BUCKET, "dst"))) {
            target.ingest().ingest(List.of(ReadingInput.of("l-1", Instant.now().minusSeconds(600), Map.of("v", 1.0))));
        }
        Path a = yaml("a.yaml", "mongo-bucket", "src", "");
        Path b = yaml("b.yaml", "mongo-bucket", "dst", "bucketWidth: 30m\ngrace: 90m\n");

        Run run = Cli.run("migrate", "--from-config", a.toString(), "--to-config", b.toString());

        Cli.assertOneLineError(run, 1, "bucketry migrate: the target (mongo-bucket) cannot be opened",
                "bucket width (bucketWidth): stored 1h, configured 30m");
    }

    @Test
    void anInMemorySourceOrTargetIsRefusedNamingTheFlagsToUseInstead() throws IOException {
        // given: one side in memory, the other on a server
        Path server = yaml("server.yaml", "mongo-bucket", "either", "");

        // when
        Run fromMemory = Cli.run("migrate", "--from-backend", "inmemory", "--to-config", server.toString());
        Run intoMemory = Cli.run("migrate", "--from-config", server.toString(), "--to-backend", "inmemory");

        // then
        Cli.assertOneLineError(fromMemory, 2, "a source in the in-memory backend would be lost", "nothing to migrate",
                "--from-mongo-uri");
        Cli.assertOneLineError(intoMemory, 2, "readings migrated into the in-memory backend would be lost",
                "--to-mongo-uri");
        assertThat(fromMemory.out()).doesNotContain("migrated");
    }

    @Test
    void anUnreachableSourceFailsAfterOneTimeoutNamingMigratesOwnFlags() throws IOException {
        // given: a loopback port nothing listens on
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path target = yaml("target.yaml", "mongo-bucket", "dst", "");

        // when
        long started = System.nanoTime();
        Run run = Cli.run("migrate", "--from-backend", "mongo-bucket", "--from-mongo-uri", "mongodb://127.0.0.1:" + port,
                "--from-mongo-timeout", "500ms", "--to-config", target.toString());
        long millis = (System.nanoTime() - started) / 1_000_000;

        // then: one attempt, in this command's words (no --mongo-uri, no --embedded-mongo: migrate has neither)
        Cli.assertOneLineError(run, 1, "the source (mongo-bucket) cannot be opened", "Check --from-mongo-uri");
        assertThat(run.err()).doesNotContain("--mongo-uri").doesNotContain("--embedded-mongo");
        assertThat(millis).as("one 500 ms attempt, not four").isLessThan(10_000);
    }

    @Test
    void aBadValueOfASidesFlagIsNamedAsThatFlag() {
        Run run = Cli.run("migrate", "--from-backend", "mongo-bucket", "--from-mongo-timeout", "soon",
                "--to-backend", "mongo-bucket");

        Cli.assertOneLineError(run, 2, "invalid mongoTimeout 'soon' (from flag --from-mongo-timeout)");
    }
}
