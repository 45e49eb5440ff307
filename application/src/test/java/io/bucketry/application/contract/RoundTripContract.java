package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.ContractSupport.readAll;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.fields;
import static io.bucketry.application.contract.Fixtures.freshSeries;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.reading;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;

/** Contract theme: what goes in comes out — values, time order, half-open ranges, limits. */
public interface RoundTripContract extends ContractSupport {

    @Test
    default void numericAndTextFieldsSurviveTheRoundTrip() {
        // given
        UseCases use = useCases(store());
        SeriesId series = freshSeries("rt");
        Map<String, Object> fields = fields("temperature", 22.4, "pressure", 1013, "status", "OK",
                "label", "42", "empty", "", "unicode", "Grüße € ✓ 😀", "big", 1.0e300, "tiny", Double.MIN_VALUE,
                "negative", -17.25, "integral", 9_007_199_254_740_992L);

        // when
        IngestReport report = use.ingest().ingest(List.of(new ReadingInput(series.value(), at(minutes(10)), fields)));

        // then
        assertThat(report.accepted()).isEqualTo(1);
        assertThat(readAll(use, series)).containsExactly(Reading.of(series.value(), at(minutes(10)), fields));
    }

    @Test
    default void negativeZeroComesBackWithItsSign() {
        // given: -0.0 and +0.0 differ only in the sign bit
        UseCases use = useCases(store());
        SeriesId series = freshSeries("rt");
        ingest(use, List.of(reading(series, at(minutes(3)), "minus", -0.0, "plus", 0.0, "tiny", -Double.MIN_VALUE)));

        // when
        Reading read = readAll(use, series).get(0);
        Reading latest = use.latest().latest(series).orElseThrow();

        // then: the stored bits are the given bits, in a range read and in the latest reading
        for (Reading reading : List.of(read, latest)) {
            assertThat(Double.doubleToRawLongBits(reading.fields().number("minus")))
                    .as("-0.0 of %s", reading).isEqualTo(Double.doubleToRawLongBits(-0.0));
            assertThat(Double.doubleToRawLongBits(reading.fields().number("plus"))).isZero();
            assertThat(reading.fields().number("tiny")).isEqualTo(-Double.MIN_VALUE);
        }
    }

    @Test
    default void readingWithTheMostFieldsAndLongestTextsSurvivesTheRoundTrip() {
        // given: 64 fields, half of them texts of 256 characters
        UseCases use = useCases(store());
        SeriesId series = freshSeries("rt");
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < 64; i++) {
            fields.put("f" + i, i % 2 == 0 ? i * 1.5 : ("€" + i + "x").repeat(128).substring(0, 256));
        }
        Reading widest = Reading.of(series.value(), at(minutes(1)), fields);

        // when
        ingest(use, List.of(widest));

        // then
        assertThat(readAll(use, series)).containsExactly(widest);
    }

    @Test
    default void readingsComeBackInTimeOrder() {
        // given: readings over several buckets, ingested newest first
        UseCases use = useCases(store());
        SeriesId series = freshSeries("rt");
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            readings.add(value(series, at(minutes(17L * i)), i));
        }

        List<Reading> newestFirst = new ArrayList<>(readings);
        Collections.reverse(newestFirst);

        // when
        ingest(use, newestFirst);

        // then
        assertThat(readAll(use, series)).containsExactlyElementsOf(readings);
    }

    @Test
    default void rangeIncludesItsStartAndExcludesItsEnd() {
        // given
        UseCases use = useCases(store());
        SeriesId series = freshSeries("rt");
        Reading beforeFrom = value(series, at(minutes(10)).minusMillis(1), 1);
        Reading atFrom = value(series, at(minutes(10)), 2);
        Reading beforeTo = value(series, at(minutes(70)).minusMillis(1), 3);
        Reading atTo = value(series, at(minutes(70)), 4);
        ingest(use, List.of(atTo, beforeFrom, beforeTo, atFrom));

        // when
        List<Reading> read = use.read().read(series, at(minutes(10)), at(minutes(70)), 100);

        // then
        assertThat(read).containsExactly(atFrom, beforeTo);
    }

    @Test
    default void limitKeepsTheEarliestReadingsOfTheRange() {
        // given: readings across three buckets, out of order
        UseCases use = useCases(store());
        SeriesId series = freshSeries("rt");
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            readings.add(value(series, at(minutes(20L * i)), i));
        }
        ingest(use, List.of(readings.get(7), readings.get(2), readings.get(11), readings.get(0), readings.get(5),
                readings.get(1), readings.get(3), readings.get(4), readings.get(6), readings.get(8), readings.get(9),
                readings.get(10)));

        // when
        List<Reading> limited = use.read().read(series, at(minutes(20)), null, 5);

        // then
        assertThat(limited).containsExactlyElementsOf(readings.subList(1, 6));
        assertThat(use.read().read(series, null, null, 1)).containsExactly(readings.get(0));
    }

    @Test
    default void lateReadingIsStoredInTimeOrder() {
        // given
        UseCases use = useCases(store());
        SeriesId series = freshSeries("rt");
        Reading first = value(series, at(minutes(5)), 1);
        Reading third = value(series, at(minutes(25)), 3);
        Reading fourth = value(series, at(minutes(90)), 4);
        ingest(use, List.of(first, third, fourth));

        // when: a reading older than the newest ones arrives
        Reading late = value(series, at(minutes(15)), 2);
        ingest(use, List.of(late));

        // then
        assertThat(readAll(use, series)).containsExactly(first, late, third, fourth);
    }

    @Test
    default void unknownSeriesHasNoReadings() {
        // given
        UseCases use = useCases(store());
        ingest(use, List.of(value(freshSeries("rt"), at(minutes(1)), 1)));

        // when
        SeriesId unknown = freshSeries("rt");

        // then
        assertThat(readAll(use, unknown)).isEmpty();
        assertThat(use.latest().latest(unknown)).isEmpty();
        assertThat(use.page().page(unknown, 1, 10)).isEmpty();
        assertThat(use.aggregate().aggregate(unknown, Fixtures.BASE, Fixtures.NOW, minutes(5))).isEmpty();
    }

    @Test
    default void seriesWhoseIdsArePrefixesOfOthersStayApart() {
        // given: ids that a careless prefix match or an unescaped regular expression would confuse
        UseCases use = useCases(store());
        String prefix = Fixtures.freshPrefix("rt");
        List<SeriesId> ids = List.of(new SeriesId(prefix + "123"), new SeriesId(prefix + "1234"),
                new SeriesId(prefix + "123_4"), new SeriesId(prefix + "a.b"), new SeriesId(prefix + "axb"));
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            readings.add(reading(ids.get(i), at(minutes(i)), "value", i, "id", ids.get(i).value()));
            readings.add(reading(ids.get(i), at(minutes(30 + i)), "value", 10 + i, "id", ids.get(i).value()));
        }

        // when
        ingest(use, readings);

        // then
        for (SeriesId id : ids) {
            assertThat(readAll(use, id)).as("readings of %s", id)
                    .hasSize(2)
                    .allSatisfy(r -> assertThat(r.series()).isEqualTo(id));
        }
    }
}
