package io.bucketry.application.transfer;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class MigrationTest {

    private final TransferFixture from = new TransferFixture();
    private final TransferFixture to = new TransferFixture();

    @Test
    void everySeriesIsCopiedAndVerified() {
        String prefix = Fixtures.freshPrefix("mig");
        from.fill(prefix + "a", 25);
        from.fill(prefix + "b", 7);

        MigrationReport report = Migration.between(from.use, to.use, 10).run(prefix, false, Migration.Progress.NONE);

        assertThat(report.matches()).isTrue();
        assertThat(report.series()).extracting(check -> check.series().value()).containsExactly(prefix + "a", prefix + "b");
        assertThat(report.accepted()).isEqualTo(32);
        assertThat(to.use.read().read(SeriesId.of(prefix + "a"), null, null, 100))
                .isEqualTo(from.use.read().read(SeriesId.of(prefix + "a"), null, null, 100));
    }

    @Test
    void eachReadingIsCopiedWithItsTagsAndTheDigestsSeeThem() {
        // given: a sensor in building 7, then in 8
        SeriesId sensor = Fixtures.freshSeries("moved");
        from.use.ingest().ingest(List.of(
                new ReadingInput(sensor.value(), Fixtures.BASE, Map.of("v", 1.0), Map.of("building", "7"), "cpu"),
                new ReadingInput(sensor.value(), Fixtures.BASE.plusSeconds(60), Map.of("v", 2.0), Map.of("building", "8"),
                        null)));

        // when
        MigrationReport report = Migration.between(from.use, to.use, 10).run(sensor.value(), false,
                Migration.Progress.NONE);

        // then
        assertThat(report.matches()).isTrue();
        assertThat(to.use.read().read(sensor, null, null, 10)).extracting(r -> r.meta().tags().get("building"),
                r -> r.meta().measurement()).containsExactly(tuple("7", "cpu"), tuple("8", null));
        assertThat(SeriesDigest.EMPTY.plus(from.use.read().read(sensor, null, null, 10).get(0)))
                .as("a reading's tags count in its digest")
                .isNotEqualTo(SeriesDigest.EMPTY.plus(from.use.read().read(sensor, null, null, 10).get(0)
                        .withMeta(io.bucketry.domain.SeriesMeta.NONE)));
    }

    @Test
    void aRunThatFailsHalfWayIsResumedByRunningItAgain() {
        String prefix = Fixtures.freshPrefix("crash");
        from.fill(prefix + "a", 25);
        from.fill(prefix + "b", 25);
        AtomicInteger chunks = new AtomicInteger();
        Migration.Progress crash = (series, readings) -> {
            if (chunks.incrementAndGet() == 4) {
                throw new IllegalStateException("crash after 4 chunks");
            }
        };

        assertThatThrownBy(() -> Migration.between(from.use, to.use, 10).run(prefix, false, crash))
                .hasMessageContaining("crash");
        MigrationReport resumed = Migration.between(from.use, to.use, 10).run(prefix, false, Migration.Progress.NONE);

        assertThat(resumed.matches()).isTrue();
        // stored before the crash: a's 3 chunks (25) and b's first chunk (10), whose progress call crashed
        assertThat(resumed.duplicates()).isEqualTo(35);
        assertThat(resumed.accepted()).isEqualTo(15);
        assertThat(to.store.statistics().readings()).isEqualTo(50);
    }

    @Test
    void aSeriesThatAlreadyMatchesIsSkippedWhenAsked() {
        String prefix = Fixtures.freshPrefix("skip");
        from.fill(prefix + "a", 5);
        Migration.between(from.use, to.use, 10).run(prefix, false, Migration.Progress.NONE);

        MigrationReport again = Migration.between(from.use, to.use, 10).run(prefix, true, Migration.Progress.NONE);

        assertThat(again.series()).singleElement().satisfies(check -> {
            assertThat(check.skipped()).isTrue();
            assertThat(check.matches()).isTrue();
            assertThat(check.duplicates()).isZero();
        });
    }

    @Test
    void aTargetThatHoldsADifferentReadingOfTheSameIdentityIsReportedAsADifference() {
        String prefix = Fixtures.freshPrefix("diff");
        from.fill(prefix + "a", 5);
        to.use.ingest().ingest(List.of(ReadingInput.of(prefix + "a", Fixtures.BASE.plus(Duration.ofMinutes(2)),
                Map.of("temperature", -1.0))));

        MigrationReport report = Migration.between(from.use, to.use, 10).run(prefix, false, Migration.Progress.NONE);

        assertThat(report.matches()).isFalse();
        assertThat(report.differences()).singleElement().satisfies(check -> {
            assertThat(check.duplicates()).isEqualTo(1);
            assertThat(check.source().count()).isEqualTo(check.target().count());
            assertThat(check.source().checksum()).isNotEqualTo(check.target().checksum());
        });
    }
}
