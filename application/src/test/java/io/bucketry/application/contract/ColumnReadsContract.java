package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.ContractSupport.assumeCapability;
import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.reading;
import static org.assertj.core.api.Assertions.assertThat;

/** Contract theme: a read handed to a sink as columns rebuilds exactly the readings the same read answers. */
public interface ColumnReadsContract extends ContractSupport {

    /** Readings every 7 minutes over three hours: numbers, a text, a field that comes and goes, one added late. */
    private static List<Reading> mixed(SeriesId series) {
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 26; i++) {
            Instant time = at(minutes(7L * i + 3));
            if (i % 5 == 4) {
                readings.add(reading(series, time, "temperature", 20 + i * 0.25, "status", i % 2 == 0 ? "OK" : "WARN"));
            } else if (i > 18) {
                readings.add(reading(series, time, "temperature", -0.0 - i, "humidity", i * 1.5));
            } else {
                readings.add(reading(series, time, "temperature", 20 + i * 0.25, "pressure", 1013 - i));
            }
        }
        return readings;
    }

    @Test
    default void aReadHandedToASinkRebuildsTheReadingsOfTheRows() {
        // given: several windows of mixed fields, stored in two batches
        UseCases use = useCases(store());
        SeriesId series = freshSeries("cols");
        List<Reading> readings = mixed(series);
        ingest(use, readings.subList(0, 13));
        ingest(use, readings.subList(13, readings.size()));

        // when and then: whole, bounded inside a bucket, and cut by a limit inside a bucket
        for (Instant[] range : new Instant[][] {{null, null}, {at(minutes(20)), at(minutes(130))}}) {
            for (int limit : new int[] {Integer.MAX_VALUE, 11, 1}) {
                RebuiltReadings sink = new RebuiltReadings();
                use.read().read(series, TimeBounds.of(range[0], range[1]), limit, sink);
                List<Reading> rows = use.read().read(series, range[0], range[1], limit);
                assertThat(sink.readings()).as("range %s limit %s", Arrays.toString(range), limit).isEqualTo(rows);
                assertThat(rows).isNotEmpty();
            }
        }
    }

    @Test
    default void aSinkHearsNothingOfASeriesWithoutReadings() {
        UseCases use = useCases(store());
        RebuiltReadings sink = new RebuiltReadings();

        use.read().read(freshSeries("cols"), TimeBounds.of(null, null), 10, sink);

        assertThat(sink.readings()).isEmpty();
    }

    @Test
    default void lateReadingsInAFullWindowReachTheSinkInTimeOrder() {
        // given: a window of at most 4 readings, filled, then readings between those already stored
        ReadingStore store = store(BucketPolicy.windowed(Duration.ofHours(1), 4));
        UseCases use = useCases(store);
        SeriesId series = freshSeries("cols");
        List<Reading> first = new ArrayList<>();
        List<Reading> late = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            (i % 2 == 0 ? first : late).add(reading(series, at(minutes(4L * i + 1)), "v", i, "s", "n" + i % 3));
        }
        ingest(use, first);
        ingest(use, late);

        // when
        RebuiltReadings sink = new RebuiltReadings();
        use.read().read(series, TimeBounds.of(null, null), 100, sink);

        // then
        assertThat(sink.readings()).isEqualTo(use.read().read(series, null, null, 100)).hasSize(12);
    }

    @Test
    default void eachRowReachesTheSinkWithTheTagsItWasWrittenWith() {
        // given: tags that change twice inside one window
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        UseCases use = useCases(store);
        SeriesId series = freshSeries("cols");
        List<ReadingInput> inputs = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            Map<String, ?> tags = i < 3 ? Map.of("room", "a") : i < 6 ? Map.of("room", "b", "floor", "2") : Map.of();
            inputs.add(new ReadingInput(series.value(), at(minutes(2L * i + 1)), Map.of("v", i), tags, i < 6 ? "m" : null));
        }
        assertThat(use.ingest().ingest(inputs).rejected()).isEmpty();

        // when
        RebuiltReadings sink = new RebuiltReadings();
        use.read().read(series, TimeBounds.of(null, null), 100, sink);

        // then
        List<Reading> rows = use.read().read(series, null, null, 100);
        assertThat(sink.readings()).isEqualTo(rows).hasSize(9);
        assertThat(rows.stream().map(Reading::meta).distinct()).hasSizeGreaterThan(1);
    }
}
