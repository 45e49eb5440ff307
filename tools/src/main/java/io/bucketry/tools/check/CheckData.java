package io.bucketry.tools.check;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Readings the checks write (the seed's temperature, pressure and status) and how they read them back. */
final class CheckData {

    static final Duration MINUTE = Duration.ofMinutes(1);

    private CheckData() {
    }

    /** The start of the hour six hours before {@code now}: far inside retention, whole windows before now. */
    static Instant origin(Instant now) {
        return now.truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(6));
    }

    static ReadingInput reading(String series, Instant time, double temperature) {
        return new ReadingInput(series, time.toString(),
                Map.of("temperature", temperature, "pressure", 1000 + temperature, "status", "OK"));
    }

    /** {@code count} readings of {@code series}, one per {@code step} from {@code first}, temperature i. */
    static List<ReadingInput> run(String series, Instant first, Duration step, int count) {
        List<ReadingInput> readings = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            readings.add(reading(series, first.plus(step.multipliedBy(i)), i));
        }
        return readings;
    }

    /** Every kept reading of {@code series}, in the order the store returns them. */
    static List<Reading> readAll(UseCases useCases, String series, Instant now) {
        return useCases.read().read(new SeriesId(series), now.minus(Duration.ofDays(30)), now.plus(Duration.ofHours(1)),
                1_000_000);
    }

    /** The readings {@code inputs} stand for, as the store should return them (sorted by time). */
    static List<Reading> expected(List<ReadingInput> inputs) {
        List<Reading> readings = new ArrayList<>(inputs.size());
        for (ReadingInput input : inputs) {
            readings.add(Reading.of(input.series(), Instant.parse((String) input.time()), input.fields()));
        }
        readings.sort(Comparator.comparing(Reading::time));
        return readings;
    }

    /** True when the times strictly increase (time order, no identity twice). */
    static boolean strictlyIncreasing(List<Reading> readings) {
        for (int i = 1; i < readings.size(); i++) {
            if (!readings.get(i - 1).time().isBefore(readings.get(i).time())) {
                return false;
            }
        }
        return true;
    }

    /** "time=temperature" of each reading, to compare what was written with what came back. */
    static List<String> describe(List<Reading> readings) {
        List<String> out = new ArrayList<>(readings.size());
        for (Reading reading : readings) {
            out.add(reading.time() + "=" + reading.fields().number("temperature") + "/"
                    + reading.fields().number("pressure") + "/" + reading.fields().get("status"));
        }
        return out;
    }
}
