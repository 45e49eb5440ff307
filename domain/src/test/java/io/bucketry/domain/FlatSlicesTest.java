package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A tier slice laid out flat ({@link FlatSlices}) reads back as it was, and windows are handed to a sink series by series. */
class FlatSlicesTest {

    private static final Tags SEVEN = Tags.of("building", "7");
    private static final FieldSpan ODD = new FieldSpan(3, -0.0, Double.NaN, Double.POSITIVE_INFINITY, -5, 1e-300, 7, -2.5);

    @Test
    void aSliceReadsBackBitForBitWithAFieldItLacksAbsent() {
        // given a schema of three fields, the slice having two of them, at an offset
        TierSlice slice = new TierSlice(SEVEN, 4, Map.of("b", ODD, "a", new FieldSpan(1, 2, 2, 2, 9, 2, 9, 2)));
        FieldSchema fields = FieldSchema.of("a", "b", "c");
        long[] values = new long[3 + FlatSlices.width(fields)];
        java.util.Arrays.fill(values, 99);

        // when
        FlatSlices.write(slice, fields, values, 3);

        // then
        assertThat(FlatSlices.width(fields)).isEqualTo(1 + 3 * FlatSlices.PER_FIELD);
        assertThat(values[3]).isEqualTo(4);
        assertThat(values[FlatSlices.field(3, 2)]).as("c's count").isZero();
        assertThat(FlatSlices.read(SEVEN, fields, values, 3)).isEqualTo(slice);
        assertThat(FlatSlices.read(SEVEN, fields, values, 3).fields().get("b").min()).isEqualTo(-0.0);
    }

    @Test
    void aSliceWithAFieldTheSchemaLacksIsRefused() {
        TierSlice slice = new TierSlice(SEVEN, 1, Map.of("x", new FieldSpan(1, 2, 2, 2, 9, 2, 9, 2)));
        assertThatThrownBy(() -> FlatSlices.write(slice, FieldSchema.of("a"), new long[20], 0))
                .hasMessageContaining("field 'x' of a tier slice is not in [a]");
    }

    @Test
    void windowsAreHandedSeriesBySeriesEachSeriesStartedOnceUntilTheSinkAnswersFalse() {
        // given two windows of a (one of two slices) and one of b
        TierSlice one = new TierSlice(SEVEN, 1, Map.of("v", new FieldSpan(1, 2, 2, 2, 9, 2, 9, 2)));
        TierSlice other = new TierSlice(Tags.NONE, 2, Map.of("w", new FieldSpan(2, 1, 3, 4, 1, 1, 2, 3)));
        List<TierWindow> windows = List.of(window("a", 0, one), window("a", 300_000, one, other), window("b", 0, other));
        List<String> calls = new ArrayList<>();

        // when every slice is taken, then when the sink wants only two
        FlatSlices.feedAll(windows, recorder(calls, Integer.MAX_VALUE));
        List<String> stopped = new ArrayList<>();
        FlatSlices.feedAll(windows, recorder(stopped, 2));

        // then
        assertThat(calls).containsExactly("series a", "0 {building=7} 1 [v]", "300000 {building=7} 1 [v, w]",
                "300000 {} 2 [v, w]", "series b", "0 {} 2 [w]");
        assertThat(stopped).containsExactly("series a", "0 {building=7} 1 [v]", "300000 {building=7} 1 [v, w]");
    }

    private static TierWindow window(String series, long start, TierSlice... slices) {
        return new TierWindow(SeriesId.of(series), Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + 300_000), List.of(slices));
    }

    private static TierSliceSink recorder(List<String> calls, int slices) {
        return new TierSliceSink() {
            @Override
            public void series(SeriesId series) {
                calls.add("series " + series.value());
            }

            @Override
            public boolean slice(long start, long end, Tags tags, FieldSchema fields, long[] values, int at) {
                assertThat(end - start).isEqualTo(300_000);
                calls.add(start + " " + tags + " " + values[at] + " " + fields);
                return calls.stream().filter(c -> !c.startsWith("series")).count() < slices;
            }
        };
    }
}
