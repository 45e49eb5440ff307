package io.bucketry.application.transfer;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Copies every series of one store into another through their use cases, streaming by series and
 * time ({@link ReadingStream}), then verifies each series by comparing {@link SeriesDigest}s. The
 * copy is an ingest, so it is idempotent by identity: a run that stopped half-way (a crash) is
 * resumed by running it again, the readings already copied counting as duplicates. With
 * {@code skipMatching}, a series whose digests already agree is not copied again.
 */
public final class Migration {

    /** Told of each chunk copied, so that a caller can show progress. */
    public interface Progress {
        /** {@code readings} more readings of {@code series} were handed to the target. */
        void copied(SeriesId series, int readings);

        Progress NONE = (series, readings) -> { };
    }

    private final ReadingStream source;
    private final ReadingStream target;
    private final IngestReadingsUseCase ingest;

    public Migration(ReadingStream source, ReadingStream target, IngestReadingsUseCase ingest) {
        this.source = Objects.requireNonNull(source, "source");
        this.target = Objects.requireNonNull(target, "target");
        this.ingest = Objects.requireNonNull(ingest, "ingest");
    }

    /** A migration between the use cases of two stores, in ingest batches of at most {@code batchSize}. */
    public static Migration between(UseCases from, UseCases to, int batchSize) {
        return new Migration(new ReadingStream(from.read(), from.series(), batchSize),
                new ReadingStream(to.read(), to.series(), batchSize), to.ingest());
    }

    /** Migrates the series whose id starts with {@code prefix} (null or empty: all) and verifies each. */
    public MigrationReport run(String prefix, boolean skipMatching, Progress progress) {
        List<SeriesCheck> checks = new ArrayList<>();
        for (SeriesId series : source.series(prefix)) {
            checks.add(migrate(series, skipMatching, progress));
        }
        return new MigrationReport(checks);
    }

    private SeriesCheck migrate(SeriesId series, boolean skipMatching, Progress progress) {
        if (skipMatching) {
            SeriesDigest before = digest(target, series);
            SeriesDigest wanted = digest(source, series);
            if (before.equals(wanted)) {
                return new SeriesCheck(series, wanted, before, true, 0, 0, 0, null);
            }
        }
        SeriesDigest copied = SeriesDigest.EMPTY;
        long accepted = 0;
        long duplicates = 0;
        long rejected = 0;
        String firstRejection = null;
        for (List<Reading> chunk : source.chunks(series, null, null)) {
            List<ReadingInput> inputs = new ArrayList<>(chunk.size());
            for (Reading reading : chunk) {
                copied = copied.plus(reading);
                inputs.add(ReadingInput.of(reading));
            }
            IngestReport report = ingest.ingest(inputs);
            accepted += report.accepted();
            duplicates += report.duplicates();
            rejected += report.rejected().size();
            if (firstRejection == null && !report.rejected().isEmpty()) {
                IngestReport.Rejection first = report.rejected().get(0);
                firstRejection = first.time() + ": " + first.reason() + " " + first.message();
            }
            progress.copied(series, chunk.size());
        }
        return new SeriesCheck(series, copied, digest(target, series), false, accepted, duplicates, rejected,
                firstRejection);
    }

    private static SeriesDigest digest(ReadingStream store, SeriesId series) {
        SeriesDigest digest = SeriesDigest.EMPTY;
        for (List<Reading> chunk : store.chunks(series, null, null)) {
            for (Reading reading : chunk) {
                digest = digest.plus(reading);
            }
        }
        return digest;
    }
}
