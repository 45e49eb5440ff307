package io.bucketry.tools.check;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.StorageStatistics;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.tools.check.CheckContext.OpenStore;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static io.bucketry.tools.check.CheckData.*;

/** The contract's behaviours that depend on the server, each on a collection of its own. */
final class BehaviourChecks {

    private BehaviourChecks() {
    }

    static List<Check> all() {
        return List.of(
                Check.of("round trip", BehaviourChecks::roundTrip),
                Check.of("late readings in place", BehaviourChecks::lateReadings),
                Check.of("duplicates across batches", BehaviourChecks::duplicatesAcrossBatches),
                Check.of("duplicates after ms truncation", BehaviourChecks::duplicatesAfterTruncation),
                Check.only(Backend.MONGO_BUCKET, "overflow", BehaviourChecks::overflow),
                Check.of("racing writers", RacingWriters::run),
                Check.of("multiple writers with tiers", MultiWriterCheck::run),
                Check.of("page N", BehaviourChecks::pageN),
                Check.of("window aggregates", WindowCheck::run),
                Check.of("latest", BehaviourChecks::latest),
                Check.of("delete series", BehaviourChecks::deleteSeries),
                Check.of("retention hiding", RetentionCheck::run));
    }

    private static Outcome roundTrip(CheckContext context) {
        List<ReadingInput> written = run("round-trip", origin(context.now()), MINUTE, 90);
        try (OpenStore store = context.open("round_trip")) {
            IngestReport report = store.useCases().ingest().ingest(written);
            List<Reading> read = readAll(store.useCases(), "round-trip", context.now());
            return Outcome.when(report.accepted() == 90 && describe(read).equals(describe(expected(written))),
                    "90 readings over two windows stored and read back equal, in time order",
                    "stored " + report + ", read back " + read.size() + " readings that differ from those written");
        }
    }

    private static Outcome lateReadings(CheckContext context) {
        List<ReadingInput> onTime = run("late", origin(context.now()), Duration.ofMinutes(2), 60);
        List<ReadingInput> late = run("late", origin(context.now()).plus(MINUTE), Duration.ofMinutes(2), 60);
        try (OpenStore store = context.open("late_readings")) {
            store.useCases().ingest().ingest(onTime);
            IngestReport report = store.useCases().ingest().ingest(late);
            List<ReadingInput> all = new ArrayList<>(onTime);
            all.addAll(late);
            List<Reading> read = readAll(store.useCases(), "late", context.now());
            return Outcome.when(report.accepted() == 60 && describe(read).equals(describe(expected(all))),
                    "60 late readings placed between 60 stored ones; all 120 read back in time order",
                    "late batch " + report + "; read back " + read.size() + " readings, in time order: " + strictlyIncreasing(read));
        }
    }

    private static Outcome duplicatesAcrossBatches(CheckContext context) {
        List<ReadingInput> first = run("dup", origin(context.now()), MINUTE, 50);
        List<ReadingInput> second = new ArrayList<>();
        for (ReadingInput input : first) {
            second.add(reading("dup", Instant.parse((String) input.time()), -1));   // same identity, other value
        }
        second.addAll(run("dup", origin(context.now()).plus(Duration.ofMinutes(50)), MINUTE, 50));
        try (OpenStore store = context.open("duplicates")) {
            store.useCases().ingest().ingest(first);
            IngestReport report = store.useCases().ingest().ingest(second);
            List<Reading> read = readAll(store.useCases(), "dup", context.now());
            boolean firstWins = read.stream().limit(50).noneMatch(r -> r.fields().number("temperature") == -1);
            return Outcome.when(report.accepted() == 50 && report.duplicates() == 50 && read.size() == 100 && firstWins
                            && strictlyIncreasing(read),
                    "a resent batch counted 50 duplicates beside 50 new readings; the first stored values won",
                    "second batch " + report + "; read back " + read.size() + " readings (expected 100), first values kept: "
                            + firstWins);
        }
    }

    private static Outcome duplicatesAfterTruncation(CheckContext context) {
        Instant base = origin(context.now()).plusSeconds(10);
        ReadingInput micro = reading("trunc", base.plusNanos(123_456_000), 1);
        ReadingInput nano = reading("trunc", base.plusNanos(123_999_999), 2);
        try (OpenStore store = context.open("truncation")) {
            store.useCases().ingest().ingest(List.of(micro));
            IngestReport report = store.useCases().ingest().ingest(List.of(nano));
            List<Reading> read = readAll(store.useCases(), "trunc", context.now());
            boolean kept = read.size() == 1 && read.get(0).time().equals(base.plusMillis(123))
                    && read.get(0).fields().number("temperature") == 1;
            return Outcome.when(report.duplicates() == 1 && kept,
                    "…:10.123456Z then …:10.123999999Z: one reading at …:10.123Z, the second a duplicate",
                    "second reading " + report + "; read back " + describe(read));
        }
    }

    private static Outcome overflow(CheckContext context) {
        List<ReadingInput> written = run("overflow", origin(context.now()), MINUTE, 12);
        try (OpenStore store = context.open("overflow", b -> b.bucketMaxCount(5))) {
            store.useCases().ingest().ingest(written.subList(0, 7));
            store.useCases().ingest().ingest(written.subList(7, 12));
            List<Reading> read = readAll(store.useCases(), "overflow", context.now());
            StorageStatistics stats = store.useCases().describe().describe();
            return Outcome.when(describe(read).equals(describe(expected(written))) && stats.buckets() == 3
                            && stats.maxReadingsPerBucket() == 5,
                    "12 readings of one window with maxCount 5: 3 buckets (seq 0, 1, 2), all read back in order",
                    "read back " + read.size() + " of 12; " + stats.buckets() + " buckets, max "
                            + stats.maxReadingsPerBucket() + " readings per bucket (expected 3 and 5)");
        }
    }

    private static Outcome pageN(CheckContext context) {
        List<ReadingInput> written = run("page", origin(context.now()), MINUTE, 25);
        try (OpenStore store = context.open("pages")) {
            store.useCases().ingest().ingest(written);
            SeriesId series = new SeriesId("page");
            List<Reading> third = store.useCases().page().page(series, 3, 10).orElse(List.of());
            Optional<List<Reading>> fourth = store.useCases().page().page(series, 4, 10);
            return Outcome.when(describe(third).equals(describe(expected(written).subList(20, 25))) && fourth.isEmpty(),
                    "of 25 readings, page 3 of size 10 holds the 21st to 25th; page 4 does not exist",
                    "page 3 held " + third.size() + " readings (expected the last 5), page 4 exists: " + fourth.isPresent());
        }
    }

    private static Outcome latest(CheckContext context) {
        List<ReadingInput> written = run("latest", origin(context.now()), MINUTE, 30);
        try (OpenStore store = context.open("latest")) {
            store.useCases().ingest().ingest(written);
            store.useCases().ingest().ingest(List.of(reading("latest", origin(context.now()).plusSeconds(30), 99)));
            Optional<Reading> latest = store.useCases().latest().latest(new SeriesId("latest"));
            Instant expected = origin(context.now()).plus(Duration.ofMinutes(29));
            return Outcome.when(latest.isPresent() && latest.get().time().equals(expected)
                            && latest.get().fields().number("temperature") == 29,
                    "the newest of 30 readings, after a late older one arrived",
                    "latest was " + latest.map(r -> describe(List.of(r))).orElse(List.of()) + ", expected " + expected);
        }
    }

    private static Outcome deleteSeries(CheckContext context) {
        try (OpenStore store = context.open("delete_series")) {
            UseCases useCases = store.useCases();
            useCases.ingest().ingest(run("delete-a", origin(context.now()), MINUTE, 70));
            useCases.ingest().ingest(run("delete-b", origin(context.now()), MINUTE, 20));
            long deleted = useCases.delete().delete(new SeriesId("delete-a"));
            int left = readAll(useCases, "delete-a", context.now()).size();
            int other = readAll(useCases, "delete-b", context.now()).size();
            return Outcome.when(deleted == 70 && left == 0 && other == 20,
                    "deleting a series of 70 readings answered 70, left none of it and the other series whole",
                    "delete answered " + deleted + " (expected 70); " + left + " readings left; other series " + other + " of 20");
        }
    }
}
