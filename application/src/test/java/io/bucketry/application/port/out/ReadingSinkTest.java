package io.bucketry.application.port.out;

import io.bucketry.application.contract.RebuiltReadings;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The default feed of a sink from readings: the calls it makes, and what a sink builds back from them. */
class ReadingSinkTest {

    private static final Instant T = Instant.parse("2030-07-21T10:00:00Z");

    private static Reading reading(String series, int minute, Map<String, ?> fields, SeriesMeta meta) {
        return Reading.of(series, T.plusSeconds(60L * minute), fields).withMeta(meta);
    }

    /** Two series, a change of tags inside the first, a change of fields, a text, a negative zero. */
    private static List<Reading> readings() {
        SeriesMeta a = SeriesMeta.of(Tags.of("room", "a"));
        SeriesMeta b = new SeriesMeta("climate", Tags.of("room", "b"));
        return List.of(
                reading("s1", 0, Map.of("v", 1.5), a),
                reading("s1", 1, Map.of("v", -0.0), a),
                reading("s1", 2, Map.of("v", 2.5, "status", "OK"), a),
                reading("s1", 3, Map.of("v", 3.5, "status", "OK"), b),
                reading("s2", 0, Map.of("w", 7.0), SeriesMeta.NONE));
    }

    @Test
    void aFeedBuildsBackTheReadingsItWasGiven() {
        RebuiltReadings sink = new RebuiltReadings();

        ReadingSink.feed(readings(), sink);

        assertThat(sink.readings()).isEqualTo(readings());
    }

    @Test
    void aFeedNamesTheSeriesAtEachChangeOfSeriesOrMetaAndTheColumnsAtEachChangeOfSchema() {
        List<String> calls = new ArrayList<>();
        ReadingSink recorder = new ReadingSink() {
            @Override
            public void series(SeriesId series, SeriesMeta meta) {
                calls.add("series " + series + " " + meta.tags().values());
            }

            @Override
            public void columns(FieldSchema names) {
                calls.add("columns " + names.size());
            }

            @Override
            public void row(long epochMilli) {
                calls.add("row");
            }

            @Override
            public void number(int column, double value) {
                calls.add("number " + column + " " + value);
            }

            @Override
            public void text(int column, String value) {
                calls.add("text " + column + " " + value);
            }
        };

        ReadingSink.feed(readings(), recorder);

        assertThat(calls.stream().filter(c -> c.startsWith("series"))).containsExactly(
                "series s1 {room=a}", "series s1 {room=b}", "series s2 {}");
        assertThat(calls.stream().filter(c -> c.startsWith("columns"))).containsExactly(
                "columns 1", "columns 2", "columns 2", "columns 1");
        assertThat(calls).contains("number 0 -0.0").filteredOn(c -> c.startsWith("text")).hasSize(2);
        assertThat(calls.stream().filter(c -> c.equals("row"))).hasSize(5);
    }
}
