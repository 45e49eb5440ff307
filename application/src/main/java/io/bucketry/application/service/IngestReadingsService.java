package io.bucketry.application.service;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.settings.Parts;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.in.TimeInput;
import io.bucketry.application.port.out.StoreReadings;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.DurationText;
import io.bucketry.domain.Fields;
import io.bucketry.domain.FieldsConverter;
import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Validates a batch reading by reading (series, time, fields, retention) and hands the valid ones
 * to the store in one call, in batch order, so that an earlier reading wins over a later one with
 * the same identity. Invalid readings are reported with their index; they never stop the valid ones.
 * An entry its adapter already refused ({@link ReadingInput#refused}) is reported the same way, with
 * the adapter's reason, so that the report names every refused entry of the batch.
 *
 * <p>Threads are the embedder's: given an executor, a batch of at least
 * {@value Parts#MIN_READINGS_PER_PART} readings per part ({@link Parts#forBatch}) is validated in up to
 * {@link ApplicationSettings#ingestParallelism()} parts split by series
 * ({@link SeriesId#partOf}), all but the first on the executor (validation is pure); without one, on
 * the calling thread.
 */
public final class IngestReadingsService implements IngestReadingsUseCase {

    private final StoreReadings store;
    private final RetentionPolicy retention;
    private final int maxBatchSize;
    private final Clock clock;
    private final Executor executor;
    private final int parallelism;
    private final TagsConverter tags = new TagsConverter();

    /** Validates every batch on the calling thread. */
    public IngestReadingsService(StoreReadings store, ApplicationSettings settings, Clock clock) {
        this(store, settings, clock, Runnable::run, 1);
    }

    /** Validates large batches in up to {@code settings.ingestParallelism()} parts, all but one on {@code executor}. */
    public IngestReadingsService(StoreReadings store, ApplicationSettings settings, Clock clock, Executor executor) {
        this(store, settings, clock, executor, settings.ingestParallelism());
    }

    private IngestReadingsService(StoreReadings store, ApplicationSettings settings, Clock clock, Executor executor,
                                  int parallelism) {
        this.store = Objects.requireNonNull(store, "store");
        this.retention = settings.retention();
        this.maxBatchSize = settings.maxBatchSize();
        this.clock = Objects.requireNonNull(clock, "clock");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.parallelism = parallelism;
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
        ReadingInput[] inputs = batch.toArray(new ReadingInput[0]);   // indexed below: any List, in one pass
        Instant now = clock.instant();
        RetentionPolicy.Admission admission = retention.admission(now);
        Reading[] valid = new Reading[inputs.length];
        Rejection[] rejections = new Rejection[inputs.length];
        int parts = Parts.forBatch(inputs.length, parallelism);
        if (parts < 2) {
            validate(inputs, 0, inputs.length, admission, now, valid, rejections);
        } else {
            validateInParts(inputs, parts, admission, now, valid, rejections);
        }
        List<Reading> readings = new ArrayList<>(inputs.length);
        List<Rejection> rejected = new ArrayList<>();
        for (int index = 0; index < inputs.length; index++) {
            if (valid[index] != null) {
                readings.add(valid[index]);
            } else {
                rejected.add(rejections[index]);
            }
        }
        IngestMeta.resolve(inputs, valid, readings, store);
        StoreResult result = readings.isEmpty() ? StoreResult.EMPTY : store.store(readings);
        return new IngestReport(result.accepted(), result.duplicates(), rejected);
    }

    /**
     * Validates the batch in {@code parts} parts split by series ({@link SeriesId#partOf}), the first on
     * this thread and the others on the executor. Split by the rule a store that stores in parallel
     * splits by too, a part's readings are then stored where they were just built, in that core's cache.
     */
    private void validateInParts(ReadingInput[] batch, int parts, RetentionPolicy.Admission admission, Instant now,
                                 Reading[] valid, Rejection[] rejections) {
        int[][] indexes = partitionBySeries(batch, parts);
        Parts.sum(executor, parts, part -> {
            validate(batch, indexes[part], admission, now, valid, rejections);
            return 0;
        });
    }

    /** The batch's indexes in {@code parts} groups by series, each in batch order. */
    private static int[][] partitionBySeries(ReadingInput[] batch, int parts) {
        int[] partOf = new int[batch.length];
        int[] sizes = new int[parts];
        for (int i = 0; i < batch.length; i++) {
            partOf[i] = SeriesId.partOf(batch[i] == null ? null : batch[i].series(), parts);
            sizes[partOf[i]]++;
        }
        int[][] indexes = new int[parts][];
        for (int part = 0; part < parts; part++) {
            indexes[part] = new int[sizes[part]];
        }
        int[] filled = new int[parts];
        for (int i = 0; i < batch.length; i++) {
            indexes[partOf[i]][filled[partOf[i]]++] = i;
        }
        return indexes;
    }

    /** Validates the inputs at {@code indexes} into {@code valid} or {@code rejections}, at their index. */
    private void validate(ReadingInput[] batch, int[] indexes, RetentionPolicy.Admission admission, Instant now,
                          Reading[] valid, Rejection[] rejections) {
        FieldsConverter fields = new FieldsConverter();
        for (int index : indexes) {
            valid[index] = validOrNull(batch, index, admission, now, fields, rejections);
        }
    }


    /** Validates the inputs of {@code [from, to)} into {@code valid} or {@code rejections}, at their index. */
    private void validate(ReadingInput[] batch, int from, int to, RetentionPolicy.Admission admission,
                          Instant now, Reading[] valid, Rejection[] rejections) {
        FieldsConverter fields = new FieldsConverter();
        for (int index = from; index < to; index++) {
            valid[index] = validOrNull(batch, index, admission, now, fields, rejections);
        }
    }

    /** The input at {@code index} as a Reading, or null after putting its Rejection into {@code rejections}. */
    private Reading validOrNull(ReadingInput[] batch, int index, RetentionPolicy.Admission admission, Instant now,
                                FieldsConverter fields, Rejection[] rejections) {
        ReadingInput input = batch[index];
        try {
            return validate(input, admission, now, fields);
        } catch (InvalidReadingException e) {
            rejections[index] = new Rejection(index, input == null ? null : input.series(),
                    input == null || input.time() == null || input.time() == TimeInput.AT_INGEST ? null
                            : String.valueOf(input.time()),
                    e.reason(), e.getMessage());
            return null;
        }
    }

    /**
     * @param fields this part's converter: it checks a stream's field names once, not per reading
     */
    private Reading validate(ReadingInput input, RetentionPolicy.Admission admission, Instant now,
                             FieldsConverter fields) {
        if (input == null) {
            throw new InvalidReadingException(RejectionReason.NO_FIELDS, "the reading is missing (null)");
        }
        if (input.refusal() != null) {
            throw new InvalidReadingException(input.refusal().reason(), input.refusal().message());
        }
        SeriesId series = new SeriesId(input.series());
        Instant time = input.time() == TimeInput.AT_INGEST ? now : TimeInput.parse(input.time());
        RejectionReason reason = admission.check(time);
        if (reason == RejectionReason.EXPIRED) {
            throw new InvalidReadingException(reason, "time " + time + " is older than the retention of "
                    + DurationText.of(retention.retention()) + " (oldest kept: " + admission.oldest() + ")" + secondsHint(input, time));
        }
        if (reason == RejectionReason.FUTURE) {
            throw new InvalidReadingException(reason, "time " + time + " is more than "
                    + DurationText.of(retention.futureTolerance()) + " ahead of now (" + now + ")");
        }
        Fields converted = fields.convert(input.fields());
        if (input.meta() != null) {
            return new Reading(series, time, converted, input.meta());   // validated when it was built
        }
        if (input.tags() != null) {
            return new Reading(series, time, converted, tags.convert(input.measurement(), input.tags()));
        }
        // without tags, the series' latest are filled in by IngestMeta; a measurement alone is kept for it
        return new Reading(series, time, converted,
                input.measurement() == null ? SeriesMeta.NONE : new SeriesMeta(input.measurement(), Tags.NONE));
    }

    /** A hint for a time in epoch form before 1971: seconds sent where milliseconds are expected. */
    private static String secondsHint(ReadingInput input, Instant time) {
        boolean epochForm = input.time() instanceof Number
                || input.time() instanceof CharSequence text && text.toString().strip().matches("\\d+");
        if (!epochForm || !TimeInput.looksLikeEpochSeconds(time)) {
            return "";
        }
        return "; " + time.toEpochMilli() + " looks like epoch seconds; times in epoch form are milliseconds";
    }
}
