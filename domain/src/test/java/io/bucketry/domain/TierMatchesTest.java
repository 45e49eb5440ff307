package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Tag-filtered windows from flat tier slices ({@link TierMatches}) against each window's own {@link TierWindow#matching}. */
class TierMatchesTest {

    private static final TagFilter IN_7 = TagFilter.of(TagFilter.Condition.oneOf("building", "7"));
    private static final TagFilter ON_FLOOR = TagFilter.of(TagFilter.Condition.any("floor"));

    private static TierSlice slice(Tags tags, long time, double value) {
        return new TierSlice(tags, 1, Map.of("v", new FieldSpan(1, value, value, value, time, value, time, value)));
    }

    private static TierWindow window(String series, long start, TierSlice... slices) {
        return new TierWindow(SeriesId.of(series), Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + 300_000), List.of(slices));
    }

    /** a: one window in 7, one split between 7 on floor 1 and 7 on floor 2; b: in 8, then in 7. */
    private static final List<TierWindow> WINDOWS = List.of(
            window("a", 0, slice(Tags.of("building", "7"), 1, 1)),
            window("a", 300_000, slice(Tags.of(Map.of("building", "7", "floor", "1")), 300_001, 2),
                    slice(Tags.of(Map.of("building", "7", "floor", "2")), 300_002, 3)),
            window("b", 0, slice(Tags.of("building", "8"), 5, 4)),
            window("b", 300_000, slice(Tags.of("building", "7"), 300_005, 5)));

    @Test
    void eachWindowGivesTheMergeOfItsMatchingSlices() {
        for (TagFilter filter : List.of(TagFilter.ANY, IN_7, ON_FLOOR)) {
            // when
            TierMatches matches = new TierMatches(filter, 100);
            FlatSlices.feedAll(WINDOWS, matches);

            // then
            assertThat(matches.result()).as("%s", filter)
                    .isEqualTo(WINDOWS.stream().map(w -> w.matching(filter)).filter(w -> w != null).toList());
        }
    }

    @Test
    void theReadStopsOnceTheLimitIsReached() {
        // when two windows are enough
        TierMatches matches = new TierMatches(TagFilter.ANY, 2);
        FlatSlices.feedAll(WINDOWS, matches);

        // then b's windows are not taken
        assertThat(matches.result()).extracting(WindowAggregate::count).containsExactly(1L, 2L);
    }
}
