package io.bucketry.application.service;

import io.bucketry.application.ApplicationSettings;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.in.TimeInput;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.Fields;
import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Validates a batch reading by reading (series, time, fields, retention) and hands the valid ones
 * to the store in batch order, so that an earlier reading wins over a later one with the same
 * identity. Invalid readings are reported with their index; they never stop the valid ones.
 */
public final class IngestReadingsService implements IngestReadingsUseCase {

    private static final int PARALLELISM = Math.min(8, Runtime.getRuntime().availableProcessors());
    private static final int MIN_READINGS_PER_PART = 2048;

    private final ReadingStore store;
    private final RetentionPolicy retention;
    private final int maxBatchSize;
    private final Clock clock;

    public IngestReadingsService(ReadingStore store, ApplicationSettings settings, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.retention = settings.retention();
        this.maxBatchSize = settings.maxBatchSize();
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public IngestReport ingest(List<ReadingInput> batch) {
        if (batch == null) {
            throw new InvalidRequestException("INVALID_BATCH", "the batch is missing (null)");
        }
        if (batch.size() > maxBatchSize) {
            throw new InvalidRequestException("BATCH_TOO_LARGE", "a batch of " + batch.size()
                    + " readings is larger than the maximum of " + maxBatchSize + "; split it into smaller batches");
        }
        Instant now = clock.instant();
        RetentionPolicy.Admission admission = retention.admission(now);
        Object[] outcomes = new Object[batch.size()];
        int parts = Math.min(PARALLELISM, batch.size() / MIN_READINGS_PER_PART);
        if (parts < 2) {
            validate(batch, 0, batch.size(), admission, now, outcomes);
        } else {
            // validation is pure: a large batch is checked in contiguous parts on all cores
            IntStream.range(0, parts).parallel().forEach(part -> validate(batch, slice(batch.size(), part, parts),
                    slice(batch.size(), part + 1, parts), admission, now, outcomes));
        }
        List<Reading> valid = new ArrayList<>(batch.size());
        List<Rejection> rejected = new ArrayList<>();
        for (Object outcome : outcomes) {
            if (outcome instanceof Reading reading) {
                valid.add(reading);
            } else {
                rejected.add((Rejection) outcome);
            }
        }
        StoreResult result = valid.isEmpty() ? StoreResult.EMPTY : store.store(valid);
        return new IngestReport(result.accepted(), result.duplicates(), rejected);
    }

    private static int slice(int size, int part, int parts) {
        return (int) ((long) size * part / parts);
    }

    /** Puts a Reading or a Rejection for each input of {@code [from, to)} into {@code outcomes}. */
    private void validate(List<ReadingInput> batch, int from, int to, RetentionPolicy.Admission admission,
                          Instant now, Object[] outcomes) {
        for (int index = from; index < to; index++) {
            ReadingInput input = batch.get(index);
            try {
                outcomes[index] = validate(input, admission, now);
            } catch (InvalidReadingException e) {
                outcomes[index] = new Rejection(index, input == null ? null : input.series(),
                        input == null || input.time() == null ? null : String.valueOf(input.time()),
                        e.reason(), e.getMessage());
            }
        }
    }

    private Reading validate(ReadingInput input, RetentionPolicy.Admission admission, Instant now) {
        if (input == null) {
            throw new InvalidReadingException(RejectionReason.NO_FIELDS, "the reading is missing (null)");
        }
        SeriesId series = new SeriesId(input.series());
        Instant time = TimeInput.parse(input.time());
        RejectionReason reason = admission.check(time);
        if (reason == RejectionReason.EXPIRED) {
            throw new InvalidReadingException(reason, "time " + time + " is older than the retention of "
                    + retention.retention() + " (oldest kept: " + admission.oldest() + ")");
        }
        if (reason == RejectionReason.FUTURE) {
            throw new InvalidReadingException(reason, "time " + time + " is more than "
                    + retention.futureTolerance() + " ahead of now (" + now + ")");
        }
        return new Reading(series, time, Fields.of(input.fields()));
    }
}
