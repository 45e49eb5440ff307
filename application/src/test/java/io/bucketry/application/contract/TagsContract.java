package io.bucketry.application.contract;

import io.bucketry.application.port.in.LastpointQuery;

import io.bucketry.domain.TimeRange;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.application.port.out.TagsUnsupportedException;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.domain.FillMode;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagFilter.Condition;
import io.bucketry.domain.Tags;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bucketry.application.contract.ContractSupport.assumeCapability;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Contract theme: series tags (issue 32). A reading keeps the tags it was written with; absent tags mean
 * the series' latest, {@code {}} none; filters select readings by those tags, listings and "latest" by a
 * series' latest tags; grouped aggregates merge exactly per group. Stores without {@link Capability#TAGS}
 * skip all but the test that they refuse tag queries by name.
 */
public interface TagsContract extends ContractSupport {

    Duration TEN_MINUTES = Duration.ofMinutes(10);
    GroupBy BY_BUILDING = GroupBy.of("building");

    /** A reading of one field {@code value} sent with {@code tags} (null: without tags). */
    static ReadingInput tagged(SeriesId series, Instant time, double value, Map<String, String> tags) {
        return new ReadingInput(series.value(), time, Map.of("value", value), tags, null);
    }

    static Map<String, String> building(String building) {
        return Map.of("building", building);
    }

    static IngestReport ingestInputs(UseCases use, List<ReadingInput> inputs) {
        IngestReport report = use.ingest().ingest(inputs);
        assertThat(report.rejected()).as("rejections of valid readings").isEmpty();
        return report;
    }

    /** Groups as "values -> series count: window counts", to compare whole answers at a glance. */
    static List<String> shape(List<GroupWindows> groups) {
        return groups.stream().map(g -> g.group().values() + " -> " + g.series() + ": "
                + g.windows().stream().map(w -> w.start() + "=" + w.count()).toList()).toList();
    }

    @Test
    default void readingsKeepTheTagsTheyWereWrittenWith() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given
        UseCases use = useCases(store);
        SeriesId sensor = Fixtures.freshSeries("tags");
        ingestInputs(use, List.of(tagged(sensor, at(minutes(1)), 1, Map.of("building", "7", "type", "temp"))));

        // when
        List<Reading> read = ContractSupport.readAll(use, sensor);
        SeriesSummary listed = use.series().list(null, null, null).series().get(0);

        // then
        assertThat(read).singleElement().extracting(r -> r.meta().tags().values())
                .isEqualTo(Map.of("building", "7", "type", "temp"));
        assertThat(listed.meta().tags().values()).isEqualTo(Map.of("building", "7", "type", "temp"));
    }

    @Test
    default void aReadingWithoutTagsTakesTheSeriesLatestAndEmptyTagsMeanNone() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given: tags in one batch, a reading without tags in the next, then {} in a third
        UseCases use = useCases(store);
        SeriesId sensor = Fixtures.freshSeries("absent");
        ingestInputs(use, List.of(tagged(sensor, at(minutes(1)), 1, building("7"))));
        ingestInputs(use, List.of(tagged(sensor, at(minutes(2)), 2, null)));
        ingestInputs(use, List.of(tagged(sensor, at(minutes(3)), 3, Map.of()), tagged(sensor, at(minutes(4)), 4, null)));

        // when
        List<Reading> read = ContractSupport.readAll(use, sensor);

        // then
        assertThat(read).extracting(r -> r.meta().tags())
                .containsExactly(Tags.of("building", "7"), Tags.of("building", "7"), Tags.NONE, Tags.NONE);
        assertThat(use.series().list(null, null, null).series().get(0).meta().tags()).isEqualTo(Tags.NONE);
    }

    @Test
    default void aListingFiltersByLatestTagsWithAndOrAndAnyValue() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given
        UseCases use = useCases(store);
        String prefix = Fixtures.freshPrefix("list");
        SeriesId s1 = new SeriesId(prefix + "1");
        SeriesId s2 = new SeriesId(prefix + "2");
        SeriesId s3 = new SeriesId(prefix + "3");
        SeriesId s4 = new SeriesId(prefix + "4");
        ingestInputs(use, List.of(tagged(s1, at(minutes(1)), 1, Map.of("building", "7", "type", "temp")),
                tagged(s2, at(minutes(1)), 1, Map.of("building", "8", "type", "temp")),
                tagged(s3, at(minutes(1)), 1, Map.of("building", "7", "type", "hum")),
                tagged(s4, at(minutes(1)), 1, null)));

        // then
        assertThat(listed(use, TagFilter.of(Condition.oneOf("building", "7")))).containsExactly(s1, s3);
        assertThat(listed(use, TagFilter.of(Condition.oneOf("building", "7", "8")))).containsExactly(s1, s2, s3);
        assertThat(listed(use, TagFilter.of(Condition.oneOf("building", "7"), Condition.oneOf("type", "temp"))))
                .containsExactly(s1);
        assertThat(listed(use, TagFilter.of(Condition.any("type")))).containsExactly(s1, s2, s3);
        assertThat(listed(use, TagFilter.of(Condition.oneOf("building", "9")))).isEmpty();
        assertThat(listed(use, TagFilter.ANY)).containsExactly(s1, s2, s3, s4);
    }

    private static List<SeriesId> listed(UseCases use, TagFilter filter) {
        return use.series().list(filter, null, null, null).series().stream().map(SeriesSummary::series).toList();
    }

    /**
     * The docs' worked example: sensor {@code a} is in building 7 until 00:05 and in building 8 from then on,
     * beside sensor {@code b}, always in building 8. Each reading counts where it was written.
     */
    @Test
    default void aSensorMovedBetweenBuildingsCountsWhereEachReadingWasWritten() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given
        UseCases use = useCases(store);
        String prefix = Fixtures.freshPrefix("move");
        SeriesId a = new SeriesId(prefix + "a");
        SeriesId b = new SeriesId(prefix + "b");
        List<ReadingInput> inputs = new ArrayList<>();
        for (int minute = 0; minute < 10; minute++) {
            inputs.add(tagged(a, at(minutes(minute)), minute, building(minute < 5 ? "7" : "8")));
            inputs.add(tagged(b, at(minutes(minute)), 100 + minute, building("8")));
        }
        ingestInputs(use, inputs);
        TagFilter inEight = TagFilter.of(Condition.oneOf("building", "8"));

        // when
        List<GroupWindows> groups = use.groups().aggregateGroups(TagFilter.ANY, BY_BUILDING, at(minutes(0)),
                at(minutes(10)), TEN_MINUTES, GapFill.none());

        // then: building 7 holds a's first five readings, building 8 a's last five and all of b's
        assertThat(shape(groups)).containsExactly("[7] -> 1: [" + at(minutes(0)) + "=5]",
                "[8] -> 2: [" + at(minutes(0)) + "=15]");
        assertThat(groups.get(0).windows().get(0).fields().get("value").sum()).isEqualTo(0 + 1 + 2 + 3 + 4);
        assertThat(groups.get(1).windows().get(0).fields().get("value").first()).as("a's 00:05 is later than b's 00:00")
                .isEqualTo(100);
        assertThat(use.aggregateAll().aggregateAll(inEight, at(minutes(0)), at(minutes(10)), TEN_MINUTES, GapFill.none()))
                .extracting(WindowAggregate::series, WindowAggregate::count)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(a, 5L), org.assertj.core.groups.Tuple.tuple(b, 10L));
        assertThat(listed(use, TagFilter.of(Condition.oneOf("building", "7")))).as("a's latest building is 8").isEmpty();
        assertThat(use.latestByTags().latest(inEight, null)).extracting(Reading::series, Reading::time)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(a, at(minutes(9))),
                        org.assertj.core.groups.Tuple.tuple(b, at(minutes(9))));
    }

    @Test
    default void lastpointsCarryTheTagsTheirReadingWasWrittenWith() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given: a moved from building 7 to 8, b in 7 with a measurement-free reading of no tags after
        UseCases use = useCases(store);
        String prefix = Fixtures.freshPrefix("lpt");
        SeriesId a = SeriesId.of(prefix + "a");
        SeriesId b = SeriesId.of(prefix + "b");
        ingestInputs(use, List.of(tagged(a, at(minutes(1)), 1, building("7")), tagged(a, at(minutes(2)), 2, building("8")),
                tagged(b, at(minutes(1)), 3, building("7")), tagged(b, at(minutes(2)), 4, Map.of())));

        // when
        List<Reading> lastpoints = use.lastpoints().lastpoints(new LastpointQuery(prefix, null, 10)).readings();

        // then: each the reading latest() answers, its tags included
        assertThat(lastpoints).containsExactly(use.latest().latest(a).orElseThrow(), use.latest().latest(b).orElseThrow());
        assertThat(lastpoints).extracting(r -> r.meta().tags()).containsExactly(Tags.of("building", "8"), Tags.NONE);
    }

    @Test
    default void aTagFilteredAggregateOfOneSeriesStopsInTheStoreOncePastTheBound() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given: one reading a minute for 24 hours, in building 7 until noon and in building 8 after
        UseCases use = useCases(store);
        SeriesId a = Fixtures.freshSeries("bound");
        List<ReadingInput> inputs = new ArrayList<>();
        for (int minute = 0; minute < 24 * 60; minute++) {
            inputs.add(tagged(a, at(minutes(minute)), minute, building(minute < 12 * 60 ? "7" : "8")));
        }
        ingestInputs(use, inputs);
        TimeRange day = TimeRange.of(Fixtures.BASE, Fixtures.NOW);

        // when: 1 min windows of building 7 (one version of two) and of either building, room for ten
        List<WindowAggregate> seven = store.aggregate(a, TagFilter.of(Condition.oneOf("building", "7")), day,
                Duration.ofMinutes(1), 10);
        List<WindowAggregate> either = store.aggregate(a, TagFilter.of(Condition.oneOf("building", "7", "8")), day,
                Duration.ofMinutes(1), 10);

        // then: past the bound, by no more than one bucket's windows (the default 1 h buckets: 60)
        assertThat(seven).hasSizeGreaterThan(10).hasSizeLessThanOrEqualTo(10 + 60);
        assertThat(either).hasSizeGreaterThan(10).hasSizeLessThanOrEqualTo(10 + 60);
        assertThat(store.aggregate(a, TagFilter.of(Condition.oneOf("building", "7")), day, Duration.ofMinutes(1),
                Integer.MAX_VALUE)).hasSize(12 * 60);
    }

    @Test
    default void lateAndDuplicateReadingsKeepTheIdentityAndTheTagsOfTheFirst() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given: a in building 7 at 00:01-00:03, moved to 8 at 00:04
        UseCases use = useCases(store);
        SeriesId a = Fixtures.freshSeries("late");
        ingestInputs(use, List.of(tagged(a, at(minutes(1)), 1, building("7")), tagged(a, at(minutes(2)), 2, building("7")),
                tagged(a, at(minutes(3)), 3, building("7")), tagged(a, at(minutes(4)), 4, building("8"))));

        // when: a late reading at 00:02:30 written in building 8, and a duplicate of 00:02 written in building 8
        IngestReport report = ingestInputs(use, List.of(tagged(a, at(minutes(2)).plusSeconds(30), 2.5, building("8")),
                tagged(a, at(minutes(2)), 99, building("8"))));

        // then: the duplicate is counted, not stored, and 00:02 stays in building 7; the late one is in 8
        assertThat(report.accepted()).isEqualTo(1);
        assertThat(report.duplicates()).isEqualTo(1);
        List<GroupWindows> groups = use.groups().aggregateGroups(TagFilter.ANY, BY_BUILDING, at(minutes(0)),
                at(minutes(10)), TEN_MINUTES, GapFill.none());
        assertThat(groups).extracting(g -> g.windows().get(0).fields().get("value").sum()).containsExactly(6.0, 6.5);
        assertThat(ContractSupport.readAll(use, a)).extracting(r -> r.meta().tags().get("building"))
                .containsExactly("7", "7", "8", "7", "8");
        assertThat(use.series().list(null, null, null).series().get(0).meta().tags()).as("the latest by time")
                .isEqualTo(Tags.of("building", "8"));
    }

    @Test
    default void deletingOneSeriesOfAGroupLeavesTheOthers() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given
        UseCases use = useCases(store);
        String prefix = Fixtures.freshPrefix("del");
        SeriesId a = new SeriesId(prefix + "a");
        SeriesId b = new SeriesId(prefix + "b");
        ingestInputs(use, List.of(tagged(a, at(minutes(1)), 1, building("7")), tagged(b, at(minutes(1)), 2, building("7"))));

        // when
        use.delete().delete(a);

        // then
        List<GroupWindows> groups = use.groups().aggregateGroups(TagFilter.ANY, BY_BUILDING, at(minutes(0)),
                at(minutes(10)), TEN_MINUTES, GapFill.none());
        assertThat(shape(groups)).containsExactly("[7] -> 1: [" + at(minutes(0)) + "=1]");
        assertThat(listed(use, TagFilter.of(Condition.oneOf("building", "7")))).containsExactly(b);
    }

    @Test
    default void aGroupWithNothingInRangeIsNotAnsweredFilledOrNot() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given: building 7 has a reading in range; building 9's only reading is an hour before it
        UseCases use = useCases(store);
        String prefix = Fixtures.freshPrefix("quiet");
        ingestInputs(use, List.of(tagged(new SeriesId(prefix + "a"), at(minutes(61)), 1, building("7")),
                tagged(new SeriesId(prefix + "b"), at(minutes(1)), 2, building("9"))));

        for (GapFill fill : List.of(GapFill.none(), new GapFill(FillMode.NULL, null))) {
            // when
            List<GroupWindows> groups = use.groups().aggregateGroups(TagFilter.ANY, BY_BUILDING, at(minutes(60)),
                    at(minutes(80)), TEN_MINUTES, fill);

            // then: building 7 alone, as a brute force over the readings in range answers
            assertThat(groups).as("fill %s", fill.mode()).extracting(g -> g.group().values())
                    .containsExactly(List.of("7"));
        }
    }

    @Test
    default void groupsAreFilledPerGroupAndTheLimitCountsGroupsTimesWindows() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given: two groups, each with a reading in one of three windows; at most five windows
        ApplicationSettings settings = ApplicationSettings.defaults();
        UseCases use = useCases(store, new ApplicationSettings(settings.retention(), settings.maxBatchSize(), 5,
                settings.defaultPageSize()));
        String prefix = Fixtures.freshPrefix("fill");
        ingestInputs(use, List.of(tagged(new SeriesId(prefix + "a"), at(minutes(1)), 1, building("7")),
                tagged(new SeriesId(prefix + "b"), at(minutes(11)), 2, building("8"))));
        GapFill nulls = new GapFill(FillMode.NULL, null);

        // when
        List<GroupWindows> two = use.groups().aggregateGroups(TagFilter.ANY, BY_BUILDING, at(minutes(0)),
                at(minutes(20)), TEN_MINUTES, nulls);

        // then: 2 groups x 2 windows are answered; 2 x 3 are refused
        assertThat(two).extracting(g -> g.windows().stream().map(WindowAggregate::filled).toList())
                .containsExactly(List.of(false, true), List.of(true, false));
        assertThatThrownBy(() -> use.groups().aggregateGroups(TagFilter.ANY, BY_BUILDING, at(minutes(0)),
                at(minutes(30)), TEN_MINUTES, nulls))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("TOO_MANY_WINDOWS"))
                .hasMessageContaining("6 windows");
    }

    @Test
    default void groupsAtTheLimitMergedFromManySeriesAreAnsweredWhole() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given: three series of one building, each with a reading in the same two windows, then moved to
        // another building (so that a filter keeps some of a series' readings, and a store merges readings, not
        // one summary per series); at most two windows
        ApplicationSettings settings = ApplicationSettings.defaults();
        UseCases use = useCases(store, new ApplicationSettings(settings.retention(), settings.maxBatchSize(), 2,
                settings.defaultPageSize()));
        String prefix = Fixtures.freshPrefix("whole");
        List<ReadingInput> inputs = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            inputs.add(tagged(new SeriesId(prefix + name), at(minutes(1)), 1, Map.of("building", prefix, "type", "a")));
            inputs.add(tagged(new SeriesId(prefix + name), at(minutes(11)), 2, Map.of("building", prefix, "type", "b")));
            inputs.add(tagged(new SeriesId(prefix + name), at(minutes(15)), 3, building(prefix + "moved")));
        }
        ingestInputs(use, inputs);

        // when
        List<GroupWindows> groups = use.groups().aggregateGroups(TagFilter.of(TagFilter.Condition.oneOf("building", prefix)),
                BY_BUILDING, at(minutes(0)), at(minutes(20)), TEN_MINUTES, GapFill.none());

        // then: two windows, each of all three series (a store stopping early would answer fewer)
        assertThat(shape(groups)).containsExactly("[" + prefix + "] -> 3: [" + at(minutes(0)) + "=3, " + at(minutes(10)) + "=3]");
    }

    @Test
    default void anInvalidTagIsRejectedByNameAndTheRestOfTheBatchStored() {
        ReadingStore store = store();
        assumeCapability(store, Capability.TAGS);
        // given
        UseCases use = useCases(store);
        SeriesId sensor = Fixtures.freshSeries("bad");

        // when
        IngestReport report = use.ingest().ingest(List.of(tagged(sensor, at(minutes(1)), 1, Map.of("1floor", "2")),
                tagged(sensor, at(minutes(2)), 2, building("7"))));

        // then
        assertThat(report.accepted()).isEqualTo(1);
        assertThat(report.rejected()).singleElement().satisfies(rejection -> {
            assertThat(rejection.reason()).isEqualTo(RejectionReason.INVALID_TAG);
            assertThat(rejection.message()).contains("tag key '1floor' must start with a letter");
        });
    }

    @Test
    default void aStoreWithoutTagsRefusesTagQueriesByName() {
        ReadingStore store = store();
        assumeFalse(store.capabilities().contains(Capability.TAGS), "this store keeps tags; the others refuse");
        UseCases use = useCases(store);
        TagFilter inSeven = TagFilter.of(Condition.oneOf("building", "7"));

        assertThatThrownBy(() -> use.groups().aggregateGroups(TagFilter.ANY, BY_BUILDING, at(minutes(0)), at(minutes(10)),
                TEN_MINUTES, GapFill.none()))
                .isInstanceOf(TagsUnsupportedException.class).hasMessageContaining(store.backend() + " store keeps no tags");
        assertThatThrownBy(() -> use.series().list(inSeven, null, null, null)).isInstanceOf(TagsUnsupportedException.class);
        assertThatThrownBy(() -> use.latestByTags().latest(inSeven, null)).isInstanceOf(TagsUnsupportedException.class);
    }
}
