package io.bucketry.application.service;

import io.bucketry.application.contract.RebuiltReadings;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.Fixtures.NOW;
import static io.bucketry.application.service.ServiceFixture.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

/** A read handed to a sink: the range and limit of the row read, its refusals, nothing past retention. */
class ReadColumnsServiceTest {

    private final ServiceFixture fixture = new ServiceFixture();
    private final SeriesId series = new SeriesId("columns-service");
    private final Instant start = NOW.minus(Duration.ofHours(2));

    private void storeFive() {
        for (int i = 0; i < 5; i++) {
            fixture.use.ingest().ingest(List.of(new ReadingInput(series.value(), start.plus(Duration.ofMinutes(i)),
                    Map.of("v", i, "s", "n" + i))));
        }
    }

    @Test
    void aSinkIsHandedTheReadingsOfTheSameRangeAndLimit() {
        storeFive();
        TimeBounds bounds = TimeBounds.of(start.plus(Duration.ofMinutes(1)), NOW);
        RebuiltReadings sink = new RebuiltReadings();

        fixture.use.read().read(series, bounds, 3, sink);

        assertThat(sink.readings()).hasSize(3).isEqualTo(fixture.use.read().read(series, bounds, 3));
    }

    @Test
    void aSinkReadRefusesWhatTheRowReadRefuses() {
        RebuiltReadings sink = new RebuiltReadings();

        assertRefused(() -> fixture.use.read().read(series, TimeBounds.of(null, null), 0, sink), "INVALID_LIMIT");
        assertRefused(() -> fixture.use.read().read(series, TimeBounds.of(NOW, start), 5, sink), "INVALID_RANGE");
        assertThat(sink.readings()).isEmpty();
    }

    @Test
    void aUseCaseOfRowsAloneFeedsItsRowsToASink() {
        storeFive();
        List<Reading> rows = fixture.use.read().read(series, null, null, 10);
        ReadReadingsUseCase rowsAlone = (id, bounds, limit) -> rows.subList(0, limit);
        RebuiltReadings sink = new RebuiltReadings();

        rowsAlone.read(series, TimeBounds.of(null, null), 4, sink);

        assertThat(sink.readings()).isEqualTo(rows.subList(0, 4));
    }

    @Test
    void aRangeWhollyPastRetentionHandsNothing() {
        storeFive();
        RebuiltReadings sink = new RebuiltReadings();

        fixture.use.read().read(series, TimeBounds.of(null, NOW.minus(Duration.ofDays(91))), 5, sink);

        assertThat(sink.readings()).isEmpty();
    }
}
