package io.bucketry.application.contract;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.FillMode;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Contract theme: gap filling on hand-picked data (the random data is in {@link GapFillProperties}). */
public interface GapFillContract extends ContractSupport {

    @Test
    default void aRangeWithoutReadingsIsFilledFromNeighboursBeforeAndAfterIt() {
        // given: 10-minute windows with readings at 00:00 (8, 12) and at 01:00 (20), none in [00:20, 00:50)
        UseCases use = useCases(store());
        SeriesId series = Fixtures.freshSeries("fill");
        ingest(use, List.of(value(series, at(minutes(1)), 8), value(series, at(minutes(9)), 12),
                value(series, at(minutes(61)), 20)));

        // when
        List<WindowAggregate> previous = fill(use, series, FillMode.PREVIOUS, null);
        List<WindowAggregate> linear = fill(use, series, FillMode.LINEAR, null);

        // then: previous carries 12 (the last reading), linear runs from 10 (at 00:00) to 20 (at 01:00)
        assertThat(previous).extracting(w -> w.fields().get("value").avg()).containsExactly(12.0, 12.0, 12.0);
        assertThat(linear).extracting(w -> w.fields().get("value").avg())
                .usingElementComparator((a, b) -> Math.abs(a - b) < 1e-9 ? 0 : Double.compare(a, b))
                .containsExactly(10 + 10 * 2 / 6.0, 10 + 10 * 3 / 6.0, 10 + 10 * 4 / 6.0);
        assertThat(linear).allSatisfy(w -> assertThat(w.filled()).isTrue());
        assertThat(linear.get(0).fields().get("value")).isEqualTo(FieldAggregate.filled(linear.get(0).fields().get("value").avg()));
    }

    @Test
    default void maxGapFillsAnOutageOfExactlyItsLengthAndNotOneMillisecondLonger() {
        // given: the same readings; the outage from 00:10 to 01:00 lasts 50 minutes
        UseCases use = useCases(store());
        SeriesId series = Fixtures.freshSeries("fill");
        ingest(use, List.of(value(series, at(minutes(1)), 8), value(series, at(minutes(61)), 20)));

        // then
        assertThat(fill(use, series, FillMode.LINEAR, minutes(50))).allSatisfy(w -> assertThat(w.fields()).containsKey("value"));
        assertThat(fill(use, series, FillMode.LINEAR, minutes(50).minusMillis(1))).allSatisfy(w -> {
            assertThat(w.filled()).isTrue();
            assertThat(w.fields()).isEmpty();
        });
    }

    @Test
    default void filledWindowsCountTowardTheWindowLimit() {
        // given: at most 4 windows, one reading
        UseCases use = atMostFourWindows();
        SeriesId series = Fixtures.freshSeries("fill");
        ingest(use, List.of(value(series, at(minutes(1)), 1)));

        // when / then: five windows of 10 minutes are one too many once the empty ones are answered
        assertThat(use.aggregate().aggregate(series, at(minutes(0)), at(minutes(50)), minutes(10))).hasSize(1);
        assertThat(use.aggregate().aggregate(series, at(minutes(0)), at(minutes(40)), minutes(10),
                new GapFill(FillMode.NULL, null))).hasSize(4);
        assertThatThrownBy(() -> use.aggregate().aggregate(series, at(minutes(0)), at(minutes(50)), minutes(10),
                new GapFill(FillMode.NULL, null)))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("TOO_MANY_WINDOWS"))
                .hasMessageContaining("would produce 5 windows; at most 4");
    }

    @Test
    default void lookingBackFurtherThanTheWindowLimitIsRefusedUnlessMaxGapBoundsIt() {
        // given: at most 4 windows; readings in the six 10-minute windows before the range and in the one after it
        UseCases use = atMostFourWindows();
        SeriesId series = Fixtures.freshSeries("fill");
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            readings.add(value(series, at(minutes(10L * i)), i));
        }
        readings.add(value(series, at(minutes(80)), 8));
        ingest(use, readings);

        // when / then: without maxGap previous looks back over six windows; with 20 minutes over three
        assertThatThrownBy(() -> use.aggregate().aggregate(series, at(minutes(60)), at(minutes(80)), minutes(10),
                new GapFill(FillMode.PREVIOUS, null)))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("TOO_MANY_WINDOWS"))
                .hasMessageContaining("in more than 4 windows before the range").hasMessageContaining("give maxGap");
        assertThat(use.aggregate().aggregate(series, at(minutes(60)), at(minutes(80)), minutes(10),
                new GapFill(FillMode.PREVIOUS, minutes(20)))).extracting(w -> w.fields().get("value").avg())
                .containsExactly(5.0, 5.0);
    }

    private UseCases atMostFourWindows() {
        ApplicationSettings defaults = ApplicationSettings.defaults();
        return useCases(store(), new ApplicationSettings(defaults.retention(), defaults.maxBatchSize(), 4,
                defaults.defaultPageSize()));
    }

    /** Windows of 10 minutes over [00:20, 00:50) from {@link Fixtures#BASE}. */
    private static List<WindowAggregate> fill(UseCases use, SeriesId series, FillMode mode, Duration maxGap) {
        return use.aggregate().aggregate(series, at(minutes(20)), at(minutes(50)), minutes(10), new GapFill(mode, maxGap));
    }
}
