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

/**
 * Validates a batch reading by reading (series, time, fields, retention) and hands the valid ones
 * to the store in batch order, so that an earlier reading wins over a later one with the same
 * identity. Invalid readings are reported with their index; they never stop the valid ones.
 */
public final class IngestReadingsService implements IngestReadingsUseCase {

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
        List<Reading> valid = new ArrayList<>(batch.size());
        List<Rejection> rejected = new ArrayList<>();
        for (int index = 0; index < batch.size(); index++) {
            ReadingInput input = batch.get(index);
            try {
                valid.add(validate(input, admission, now));
            } catch (InvalidReadingException e) {
                rejected.add(new Rejection(index, input == null ? null : input.series(),
                        input == null || input.time() == null ? null : String.valueOf(input.time()),
                        e.reason(), e.getMessage()));
            }
        }
        StoreResult result = valid.isEmpty() ? StoreResult.EMPTY : store.store(valid);
        return new IngestReport(result.accepted(), result.duplicates(), rejected);
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
