package io.bucketry.application.port.out;

import io.bucketry.domain.Fields;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a store without tags answers through the ports' defaults: the untagged question, or a refusal naming it. */
class TagPortDefaultsTest {

    private static final Instant T = Instant.parse("2030-07-21T23:00:00Z");
    private static final SeriesId S = new SeriesId("s");
    private static final TimeRange RANGE = TimeRange.of(T, T.plusSeconds(600));
    private static final Duration WINDOW = Duration.ofMinutes(5);
    private static final TagFilter B7 = TagFilter.of(TagFilter.Condition.oneOf("building", "b7"));
    private static final WindowAggregate ONE = new WindowAggregate(S, T, T.plus(WINDOW), 1, Map.of());
    private static final WindowAggregate ALL = new WindowAggregate(new SeriesId("all"), T, T.plus(WINDOW), 2, Map.of());
    private static final Reading READING = new Reading(S, T, Fields.of(Map.of("v", 1.0)));

    /** Aggregates without tags, recording the bound it was given. */
    private static class Plain implements AggregateReadings {
        int maxWindows;

        @Override
        public List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window, int maxWindows) {
            this.maxWindows = maxWindows;
            return List.of(ONE);
        }

        @Override
        public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
            this.maxWindows = maxWindows;
            return List.of(ALL);
        }
    }

    /** The same, with a name. */
    private static final class Named extends Plain implements DescribeStore, LoadReadings {
        @Override
        public String backend() {
            return "plain";
        }

        @Override
        public Set<Capability> capabilities() {
            return Set.of();
        }

        @Override
        public List<SeriesSummary> listSeries(String prefix, SeriesId after, int limit, Instant notBefore) {
            return List.of(new SeriesSummary(S, null, null, null, SeriesMeta.NONE));
        }

        @Override
        public StoreHealth health() {
            throw new AssertionError();
        }

        @Override
        public StorageStatistics statistics() {
            throw new AssertionError();
        }

        @Override
        public List<Reading> read(SeriesId series, TimeRange range, int limit) {
            return List.of(READING);
        }

        @Override
        public Optional<Reading> latest(SeriesId series, Instant notBefore) {
            return Optional.of(READING);
        }

        @Override
        public List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
            return List.of();
        }
    }

    @Test
    void anyFilterIsTheUntaggedQuestion() {
        Named store = new Named();

        assertThat(store.aggregate(S, TagFilter.ANY, RANGE, WINDOW, 7)).containsExactly(ONE);
        assertThat(store.maxWindows).isEqualTo(7);
        assertThat(store.aggregateAll(TagFilter.ANY, RANGE, WINDOW, 8)).containsExactly(ALL);
        assertThat(store.maxWindows).isEqualTo(8);
        assertThat(store.aggregate(S, RANGE, WINDOW)).containsExactly(ONE);
        assertThat(store.maxWindows).as("every window: the caller bounded the range").isEqualTo(Integer.MAX_VALUE);
        assertThat(store.read(S, TagFilter.ANY, RANGE, 10)).containsExactly(READING);
        assertThat(store.listSeries(TagFilter.ANY, "", null, 10, T)).extracting(SeriesSummary::series).containsExactly(S);
    }

    @Test
    void aTagQuestionIsRefusedNamingTheBackendAndTheQuestion() {
        Named store = new Named();

        assertRefusal(() -> store.aggregate(S, B7, RANGE, WINDOW, 7), "the plain store", "aggregates filtered by tags");
        assertRefusal(() -> store.aggregateAll(B7, RANGE, WINDOW, 7), "the plain store", "aggregates filtered by tags");
        assertRefusal(() -> store.aggregateGroups(TagFilter.ANY, GroupBy.of("type"), RANGE, WINDOW, 7), "the plain store",
                "aggregates grouped by tags");
        assertRefusal(() -> store.read(S, B7, RANGE, 10), "the plain store", "readings filtered by tags");
        assertRefusal(() -> store.latest(B7, T, 10), "the plain store", "the latest readings of the series matching tags");
        assertRefusal(() -> store.listSeries(B7, "", null, 10, T), "the plain store", "a series listing filtered by tags");
        assertThat(store.maxWindows).as("nothing was asked of the store").isZero();
    }

    @Test
    void aStoreWithoutANameIsCalledThis() {
        Plain store = new Plain();

        assertRefusal(() -> store.aggregate(S, B7, RANGE, WINDOW, 7), "the this store", "aggregates filtered by tags");
        assertRefusal(() -> store.aggregateAll(B7, RANGE, WINDOW, 7), "the this store", "aggregates filtered by tags");
        assertRefusal(() -> store.aggregateGroups(B7, GroupBy.of("type"), RANGE, WINDOW, 7), "the this store",
                "aggregates grouped by tags");
    }

    @Test
    void aStoreThatKeepsNoMetaAnswersNone() {
        StoreReadings store = readings -> StoreResult.EMPTY;

        assertThat(store.latestMeta(List.of(S))).isEmpty();
    }

    private static void assertRefusal(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String store, String asked) {
        assertThatThrownBy(call).isInstanceOf(TagsUnsupportedException.class)
                .hasMessageStartingWith(store + " keeps no tags")
                .hasMessageContaining("cannot answer " + asked + ";");
    }
}
