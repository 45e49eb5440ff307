package io.bucketry.application.service;

import io.bucketry.application.ApplicationSettings;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.in.TimeInput;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.domain.DurationText;
import io.bucketry.domain.FieldsConverter;
import io.bucketry.domain.InvalidReadingException;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Validates a batch reading by reading (series, time, fields, retention) and hands the valid ones
 * to the store, each series' readings in batch order, so that an earlier reading wins over a later
 * one with the same identity. Invalid readings are reported with their index; they never stop the
 * valid ones.
 *
 * <p>A large batch is validated on all cores. For a store with {@link Capability#PARALLEL_STORE}
 * it is split by series instead, and each part is validated and stored on one core: a reading is
 * then stored by the core that built it, and a series' readings keep their order within one part.
 */
public final class IngestReadingsService implements IngestReadingsUseCase {

    private static final int PARALLELISM = Math.min(8, Runtime.getRuntime().availableProcessors());
    private static final int MIN_READINGS_PER_PART = 2048;
    /** Epoch seconds of any time since 1971 read as milliseconds fall before this. */
    private static final Instant EPOCH_SECONDS_END = Instant.parse("1971-01-01T00:00:00Z");

    private final ReadingStore store;
    private final boolean parallelStore;
    private final RetentionPolicy retention;
    private final int maxBatchSize;
    private final Clock clock;

    public IngestReadingsService(ReadingStore store, ApplicationSettings settings, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.parallelStore = store.capabilities().contains(Capability.PARALLEL_STORE);
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
        ReadingInput[] inputs = batch.toArray(new ReadingInput[0]);   // indexed below: any List, in one pass
        Instant now = clock.instant();
        RetentionPolicy.Admission admission = retention.admission(now);
        Rejection[] rejections = new Rejection[inputs.length];
        int parts = Math.min(PARALLELISM, inputs.length / MIN_READINGS_PER_PART);
        StoreResult result;
        if (parts >= 2 && parallelStore) {
            result = Arrays.stream(partitionBySeries(inputs, parts)).parallel()
                    .map(part -> store(validate(inputs, part, admission, now, rejections)))
                    .reduce(StoreResult.EMPTY, StoreResult::plus);
        } else {
            Reading[] valid = new Reading[inputs.length];
            if (parts < 2) {
                validate(inputs, 0, inputs.length, admission, now, valid, rejections);
            } else {
                // validation is pure: a large batch is checked in contiguous parts on all cores
                IntStream.range(0, parts).parallel().forEach(part -> validate(inputs, slice(inputs.length, part, parts),
                        slice(inputs.length, part + 1, parts), admission, now, valid, rejections));
            }
            result = store(Arrays.stream(valid).filter(Objects::nonNull).toList());
        }
        List<Rejection> rejected = new ArrayList<>();
        for (Rejection rejection : rejections) {
            if (rejection != null) {
                rejected.add(rejection);
            }
        }
        return new IngestReport(result.accepted(), result.duplicates(), rejected);
    }

    private StoreResult store(List<Reading> valid) {
        return valid.isEmpty() ? StoreResult.EMPTY : store.store(valid);
    }

    private static int slice(int size, int part, int parts) {
        return (int) ((long) size * part / parts);
    }

    /** The batch's indexes in {@code parts} groups by series id, each in batch order. */
    private static int[][] partitionBySeries(ReadingInput[] batch, int parts) {
        int[] partOf = new int[batch.length];
        int[] sizes = new int[parts];
        for (int i = 0; i < partOf.length; i++) {
            ReadingInput input = batch[i];
            int hash = input == null || input.series() == null ? 0 : input.series().hashCode();
            partOf[i] = Math.floorMod(hash ^ hash >>> 16, parts);
            sizes[partOf[i]]++;
        }
        int[][] indexes = new int[parts][];
        for (int part = 0; part < parts; part++) {
            indexes[part] = new int[sizes[part]];
        }
        int[] filled = new int[parts];
        for (int i = 0; i < partOf.length; i++) {
            indexes[partOf[i]][filled[partOf[i]]++] = i;
        }
        return indexes;
    }

    /**
     * The valid readings among the inputs at {@code indexes}, in that order; the others' Rejections
     * go into {@code rejections} (rare, so parts running side by side seldom write the same cache line).
     */
    private List<Reading> validate(ReadingInput[] batch, int[] indexes, RetentionPolicy.Admission admission,
                                   Instant now, Rejection[] rejections) {
        List<Reading> valid = new ArrayList<>(indexes.length);
        FieldsConverter fields = new FieldsConverter();
        for (int index : indexes) {
            Reading reading = validOrNull(batch, index, admission, now, fields, rejections);
            if (reading != null) {
                valid.add(reading);
            }
        }
        return valid;
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
                    input == null || input.time() == null ? null : String.valueOf(input.time()),
                    e.reason(), e.getMessage());
            return null;
        }
    }

    /** @param fields this part's converter: it checks a stream's field names once, not per reading */
    private Reading validate(ReadingInput input, RetentionPolicy.Admission admission, Instant now,
                             FieldsConverter fields) {
        if (input == null) {
            throw new InvalidReadingException(RejectionReason.NO_FIELDS, "the reading is missing (null)");
        }
        SeriesId series = new SeriesId(input.series());
        Instant time = TimeInput.parse(input.time());
        RejectionReason reason = admission.check(time);
        if (reason == RejectionReason.EXPIRED) {
            throw new InvalidReadingException(reason, "time " + time + " is older than the retention of "
                    + DurationText.of(retention.retention()) + " (oldest kept: " + admission.oldest() + ")" + secondsHint(input, time));
        }
        if (reason == RejectionReason.FUTURE) {
            throw new InvalidReadingException(reason, "time " + time + " is more than "
                    + DurationText.of(retention.futureTolerance()) + " ahead of now (" + now + ")");
        }
        return new Reading(series, time, fields.convert(input.fields()));
    }

    /** A hint for a time in epoch form before 1971: seconds sent where milliseconds are expected. */
    private static String secondsHint(ReadingInput input, Instant time) {
        boolean epochForm = input.time() instanceof Number
                || input.time() instanceof CharSequence text && text.toString().strip().matches("\\d+");
        if (!epochForm || time.toEpochMilli() <= 0 || !time.isBefore(EPOCH_SECONDS_END)) {
            return "";
        }
        return "; " + time.toEpochMilli() + " looks like epoch seconds; times in epoch form are milliseconds";
    }
}
