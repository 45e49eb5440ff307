package io.bucketry.application.service;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.application.port.in.LastpointPage;
import io.bucketry.application.port.in.LastpointQuery;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.in.TimeBounds;
import io.bucketry.application.port.out.AggregateReadings;
import io.bucketry.application.port.out.LoadReadings;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.FillMode;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagGroup;
import io.bucketry.domain.TimeRange;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.bucketry.application.service.ServiceFixture.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

/** The grouped aggregates, the lastpoint pages and the latest readings by tags, over stores that answer what they are told. */
class TagReadServicesTest {

    private static final Duration FIVE = Duration.ofMinutes(5);
    private static final Instant FROM = Instant.parse("2030-07-21T23:00:00Z");
    private static final TagFilter B7 = TagFilter.of(TagFilter.Condition.oneOf("building", "b7"));
    private static final GroupBy BY_TYPE = GroupBy.of("type");
    private static final GapFill NULL_FILL = new GapFill(FillMode.NULL, null);

    private final MutableClock clock = new MutableClock(Fixtures.NOW);
    private final QueryRange ranges = new QueryRange(RetentionPolicy.defaults(), clock);

    /** A window source answering fixed groups and recording the ranges it was asked for. */
    private static final class Groups implements WindowSource {
        final List<GroupWindows> answer = new ArrayList<>();
        final List<TimeRange> asked = new ArrayList<>();

        @Override
        public List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeRange range, Duration window,
                                               int maxWindows, Instant now) {
            throw new AssertionError("not a grouped request");
        }

        @Override
        public List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows,
                                                  Instant now) {
            throw new AssertionError("not a grouped request");
        }

        @Override
        public List<GroupWindows> aggregateGroups(TagFilter filter, GroupBy groupBy, TimeRange range, Duration window,
                                                  int maxWindows, Instant now) {
            asked.add(range);
            return answer.stream().map(group -> new GroupWindows(group.group(), group.series(), group.windows().stream()
                    .filter(w -> range.contains(w.start().toEpochMilli())).toList())).toList();
        }
    }

    private static GroupWindows group(String type, int series, int... windowIndexes) {
        List<WindowAggregate> windows = new ArrayList<>();
        for (int index : windowIndexes) {
            Instant start = FROM.plus(FIVE.multipliedBy(index));
            windows.add(new WindowAggregate(new SeriesId("s-" + type), start, start.plus(FIVE), 3, Map.of()));
        }
        return new GroupWindows(new TagGroup(List.of("type"), List.of(type)), series, windows);
    }

    private static WindowAggregate valued(String type, int index, double value) {
        Instant start = FROM.plus(FIVE.multipliedBy(index));
        return new WindowAggregate(new SeriesId("s-" + type), start, start.plus(FIVE), 1,
                Map.of("v", new FieldAggregate(1, value, value, value, value, value)));
    }

    private AggregateGroupsService groups(Groups store, int maxWindows) {
        return new AggregateGroupsService(store, WindowRanges.of(ranges), ranges, maxWindows);
    }

    private static TimeBounds tenMinutes() {
        return TimeBounds.of(FROM, FROM.plus(FIVE.multipliedBy(2)));
    }

    @Test
    void groupsAreAnsweredAsTheStoreMergedThemWithoutAFill() {
        Groups store = new Groups();
        store.answer.add(group("door", 4, 1));
        store.answer.add(group("temp", 9, 0, 1));

        List<GroupWindows> answer = groups(store, 10).aggregateGroups(B7, BY_TYPE, tenMinutes(), FIVE, GapFill.none());

        assertThat(answer).isEqualTo(store.answer);
        assertThat(store.asked).containsExactly(TimeRange.of(FROM, FROM.plus(FIVE.multipliedBy(2))));
    }

    @Test
    void aFillGivesEveryGroupEveryWindowOfTheRangeKeepingItsSeriesCount() {
        Groups store = new Groups();
        store.answer.add(group("door", 4, 1));
        store.answer.add(group("temp", 9, 0, 1));

        List<GroupWindows> answer = groups(store, 10).aggregateGroups(B7, BY_TYPE, tenMinutes(), FIVE, NULL_FILL);

        assertThat(answer).extracting(g -> g.group().values().get(0)).containsExactly("door", "temp");
        assertThat(answer).extracting(GroupWindows::series).containsExactly(4, 9);
        assertThat(answer.get(0).windows()).extracting(WindowAggregate::start).containsExactly(FROM, FROM.plus(FIVE));
        assertThat(answer.get(0).windows()).extracting(WindowAggregate::count).containsExactly(0L, 3L);
        assertThat(answer.get(0).windows().get(0).series()).isEqualTo(new SeriesId("s-door"));
        assertThat(answer.get(1).windows()).extracting(WindowAggregate::count).containsExactly(3L, 3L);
    }

    @Test
    void aFillFromNeighboursFindsEachGroupsOwnNeighboursBeforeTheRange() {
        Groups store = new Groups();
        TagGroup door = new TagGroup(List.of("type"), List.of("door"));
        TagGroup temp = new TagGroup(List.of("type"), List.of("temp"));
        store.answer.add(new GroupWindows(door, 2, List.of(valued("door", -1, 5.0), valued("door", 1, 7.0))));
        store.answer.add(new GroupWindows(temp, 3, List.of(valued("temp", -2, 1.0), valued("temp", 1, 2.0))));

        List<GroupWindows> answer = groups(store, 10).aggregateGroups(B7, BY_TYPE, tenMinutes(), FIVE,
                new GapFill(FillMode.PREVIOUS, null));

        assertThat(answer).extracting(GroupWindows::group).containsExactly(door, temp);
        assertThat(answer.get(0).windows()).extracting(w -> w.fields().get("v").last()).containsExactly(5.0, 7.0);
        assertThat(answer.get(1).windows()).extracting(w -> w.fields().get("v").last()).containsExactly(1.0, 2.0);
        assertThat(store.asked).as("the range, then the neighbours before it").hasSizeGreaterThan(1);
    }

    @Test
    void groupsTimesWindowsPastTheLimitAreRefusedAndAtItAnswered() {
        Groups store = new Groups();
        store.answer.add(group("a", 1, 0, 1));
        store.answer.add(group("b", 1, 0, 1));
        store.answer.add(group("c", 1, 0));

        assertThat(groups(store, 5).aggregateGroups(B7, BY_TYPE, tenMinutes(), FIVE, GapFill.none())).hasSize(3);
        assertRefused(() -> groups(store, 4).aggregateGroups(B7, BY_TYPE, tenMinutes(), FIVE, GapFill.none()),
                "TOO_MANY_WINDOWS");
        assertRefused(() -> groups(store, 5).aggregateGroups(B7, BY_TYPE, tenMinutes(), FIVE, NULL_FILL),
                "TOO_MANY_WINDOWS");   // filled, c has two windows too: 6
    }

    @Test
    void aRangeOlderThanEveryKeptReadingAnswersNoGroupsWithoutAskingTheStore() {
        Groups store = new Groups();
        store.answer.add(group("a", 1, 0));
        clock.advance(RetentionPolicy.defaults().retention().plusDays(2));

        assertThat(groups(store, 10).aggregateGroups(B7, BY_TYPE, tenMinutes(), FIVE, NULL_FILL)).isEmpty();
        assertThat(store.asked).isEmpty();
    }

    @Test
    void aLinearFillBetweenBoundsOffTheWindowsIsRefusedBeforeTheStoreIsAsked() {
        Groups store = new Groups();

        assertRefused(() -> groups(store, 10).aggregateGroups(B7, BY_TYPE,
                TimeBounds.of(FROM.plusSeconds(1), FROM.plus(FIVE)), FIVE, new GapFill(FillMode.LINEAR, null)),
                "INVALID_FILL");
        assertRefused(() -> groups(store, 10).aggregateGroups(B7, BY_TYPE, tenMinutes(), Duration.ZERO,
                GapFill.none()), "INVALID_WINDOW");
        assertThat(store.asked).isEmpty();
    }

    @Test
    void lastpointsComeAPageAtATimeEachPageNamingTheNext() {
        ServiceFixture fixture = new ServiceFixture();
        for (String series : List.of("a1", "a2", "a3", "a4", "b1")) {
            fixture.use.ingest().ingest(List.of(ReadingInput.of(series, Fixtures.NOW.minusSeconds(60), Map.of("v", 1.0)),
                    ReadingInput.of(series, Fixtures.NOW.minusSeconds(30), Map.of("v", 2.0))));
        }

        LastpointPage first = fixture.use.lastpoints().lastpoints(new LastpointQuery("a", null, 2));
        LastpointPage last = fixture.use.lastpoints().lastpoints(new LastpointQuery("a", first.next().value(), 2));

        assertThat(first.readings()).extracting(r -> r.series().value()).containsExactly("a1", "a2");
        assertThat(first.readings()).extracting(Reading::time).containsOnly(Fixtures.NOW.minusSeconds(30));
        assertThat(first.next()).isEqualTo(new SeriesId("a2"));
        assertThat(last.readings()).extracting(r -> r.series().value()).containsExactly("a3", "a4");
        assertThat(last.next()).as("a page that holds the last series exactly").isNull();
        assertThat(fixture.use.lastpoints().lastpoints(new LastpointQuery(null, null, null)).readings()).hasSize(5);
        assertRefused(() -> fixture.use.lastpoints().lastpoints(new LastpointQuery(null, null, 0)), "INVALID_LIMIT");
    }

    @Test
    void lastpointsLeaveOutSeriesWhoseReadingsHaveExpired() {
        ServiceFixture fixture = new ServiceFixture();
        fixture.use.ingest().ingest(List.of(ReadingInput.of("old", Fixtures.NOW.minusSeconds(60), Map.of("v", 1.0))));
        fixture.clock.advance(Duration.ofHours(1));
        fixture.use.ingest().ingest(List.of(ReadingInput.of("new", fixture.clock.instant(), Map.of("v", 1.0))));
        fixture.clock.advance(RetentionPolicy.defaults().retention().minusMinutes(30));

        assertThat(fixture.use.lastpoints().lastpoints(new LastpointQuery(null, null, null)).readings())
                .extracting(r -> r.series().value()).containsExactly("new");
    }

    /** Latest readings by tags: what the store was asked. */
    private static final class Latest implements LoadReadings {
        TagFilter filter;
        Instant notBefore;
        int limit;

        @Override
        public List<Reading> read(SeriesId series, TimeRange range, int limit) {
            throw new AssertionError();
        }

        @Override
        public Optional<Reading> latest(SeriesId series, Instant notBefore) {
            throw new AssertionError();
        }

        @Override
        public List<Reading> page(SeriesId series, long number, int size, Instant notBefore) {
            throw new AssertionError();
        }

        @Override
        public List<Reading> latest(TagFilter filter, Instant notBefore, int limit) {
            this.filter = filter;
            this.notBefore = notBefore;
            this.limit = limit;
            return List.of(new Reading(new SeriesId("s"), Fixtures.NOW, io.bucketry.domain.Fields.of(Map.of("v", 1.0))));
        }
    }

    @Test
    void theLatestByTagsAsksTheStoreForTheFilterFromTheOldestKeptReading() {
        Latest store = new Latest();
        ReadLatestByTagsService service = new ReadLatestByTagsService(store, ranges);

        assertThat(service.latest(B7, null)).hasSize(1);
        assertThat(store.filter).isEqualTo(B7);
        assertThat(store.notBefore).isEqualTo(ranges.oldestKept(Fixtures.NOW)).isBefore(Fixtures.NOW);
        assertThat(store.limit).isEqualTo(ListSeriesService.limit(null));

        service.latest(B7, 7);
        assertThat(store.limit).isEqualTo(7);
    }

    @Test
    void theLatestByTagsWithoutAConditionOrWithABadLimitIsRefused() {
        Latest store = new Latest();
        ReadLatestByTagsService service = new ReadLatestByTagsService(store, ranges);

        assertRefused(() -> service.latest(TagFilter.ANY, null), "INVALID_FILTER");
        assertRefused(() -> service.latest(B7, 0), "INVALID_LIMIT");
        assertThat(store.filter).isNull();
    }

    @Test
    void theStoresWindowsAskTheUntaggedQuestionForAnyFilterAndTheTaggedOneOtherwise() {
        List<String> asked = new ArrayList<>();
        AggregateReadings store = new AggregateReadings() {
            @Override
            public List<WindowAggregate> aggregate(SeriesId series, TimeRange range, Duration window, int maxWindows) {
                asked.add("one");
                return List.of();
            }

            @Override
            public List<WindowAggregate> aggregateAll(TimeRange range, Duration window, int maxWindows) {
                asked.add("all");
                return List.of();
            }

            @Override
            public List<WindowAggregate> aggregate(SeriesId series, TagFilter filter, TimeRange range, Duration window,
                                                   int maxWindows) {
                asked.add("one " + filter.conditions().size());
                return List.of();
            }

            @Override
            public List<WindowAggregate> aggregateAll(TagFilter filter, TimeRange range, Duration window, int maxWindows) {
                asked.add("all " + filter.conditions().size());
                return List.of();
            }
        };
        WindowSource source = WindowSource.of(store);
        TimeRange range = TimeRange.of(FROM, FROM.plus(FIVE));
        SeriesId series = new SeriesId("s");

        source.aggregate(series, range, FIVE, 10, Fixtures.NOW);
        source.aggregate(series, B7, range, FIVE, 10, Fixtures.NOW);
        source.aggregateAll(range, FIVE, 10, Fixtures.NOW);
        source.aggregateAll(B7, range, FIVE, 10, Fixtures.NOW);

        assertThat(asked).containsExactly("one", "one 1", "all", "all 1");
    }
}
