package io.bucketry.server.influxql;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.AggregateReadings;
import io.bucketry.application.port.out.LoadReadings;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.TagsUnsupportedException;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Tag conditions and GROUP BY tags reach the store as tag-filtered and grouped calls: a counting wrapper of the
 * outbound port counts the store calls of each statement, so that reading series by series cannot come back
 * unnoticed, and each answer equals the one read series by series (floats within 1e-9 relative).
 */
class TagPushdownCallsTest {

    private static final Instant NOW = Instant.parse("2026-07-22T00:00:00Z");
    private static final long FROM = NOW.minus(Duration.ofHours(2)).toEpochMilli();
    private static final String RANGE = "time >= " + FROM + "ms AND time < " + NOW.toEpochMilli() + "ms";
    private static final int HOSTS = 40;

    private final AtomicInteger storeCalls = new AtomicInteger();
    private InfluxQlExecutor pushed;
    private InfluxQlExecutor seriesBySeries;
    private InfluxQlExecutor tagless;

    @BeforeEach
    void storeTwoMeasurementsSharingHostNames() {
        ReadingStore real = new InMemoryReadingStore(BucketPolicy.defaults());
        UseCases useCases = over(counting(real, false));
        useCases.ingest().ingest(readings());
        IdSeriesDirectory directory = new IdSeriesDirectory(useCases.series());
        pushed = new InfluxQlExecutor(useCases, directory, 100_000, Duration.ofDays(7));
        seriesBySeries = new InfluxQlExecutor(useCases, new FilterInProcess(directory), 100_000, Duration.ofDays(7));
        UseCases refusing = over(counting(real, true));
        tagless = new InfluxQlExecutor(refusing, new IdSeriesDirectory(refusing.series()), 100_000, Duration.ofDays(7));
    }

    private static UseCases over(ReadingStore store) {
        return UseCases.over(store, ApplicationSettings.defaults(), Clock.fixed(NOW, ZoneOffset.UTC));
    }

    /** {@code real} counting its read calls; {@code refuseTags}: refusing tag filters and groups as a store without tags does. */
    private ReadingStore counting(ReadingStore real, boolean refuseTags) {
        return (ReadingStore) Proxy.newProxyInstance(ReadingStore.class.getClassLoader(),
                new Class<?>[] {ReadingStore.class}, (proxy, method, args) -> {
                    Class<?> port = method.getDeclaringClass();
                    if (port == LoadReadings.class || port == AggregateReadings.class || method.getName().equals("listSeries")) {
                        storeCalls.incrementAndGet();
                    }
                    boolean tagged = method.getName().equals("aggregateGroups") || args != null
                            && java.util.Arrays.stream(args).anyMatch(a -> a instanceof TagFilter f && !f.isAny());
                    if (refuseTags && tagged) {
                        throw new TagsUnsupportedException("test", method.getName());
                    }
                    try {
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** cpu of 40 hosts in four regions, mem of five of those hosts without a region, a tagless temp; every minute. */
    private static List<ReadingInput> readings() {
        Random random = new Random(33);
        List<ReadingInput> inputs = new ArrayList<>();
        for (long t = FROM; t < NOW.toEpochMilli(); t += 60_000) {
            for (int h = 0; h < HOSTS; h++) {
                inputs.add(new ReadingInput("cpu.h" + h, t, Map.of("usage", random.nextInt(10_000) / 100.0),
                        Map.of("host", "h" + h, "region", "r" + h % 4), "cpu"));
            }
            for (int h = 0; h < 5; h++) {
                inputs.add(new ReadingInput("mem.h" + h, t, Map.of("usage", random.nextDouble()), Map.of("host", "h" + h),
                        "mem"));
            }
            inputs.add(new ReadingInput("temp", t, Map.of("value", random.nextGaussian()), Map.of(), "temp"));
        }
        return inputs;
    }

    @Test
    void grafanasPanelQueryOfOneHostListsAndAggregatesOnce() {
        assertThat(calls("SELECT mean(\"usage\") FROM \"cpu\" WHERE (\"host\" = 'h7') AND " + RANGE
                + " GROUP BY time(1m), \"host\" fill(null)")).isEqualTo(2);
    }

    @Test
    void groupingByATagNoOtherMeasurementHasIsOneGroupedCall() {
        // listing cpu, listing what the filter keeps store-wide, the grouped aggregates
        assertThat(calls("SELECT mean(usage) FROM cpu WHERE " + RANGE + " GROUP BY time(10m), region fill(null)")).isEqualTo(3);
    }

    @Test
    void groupingByATagMemSharesIsOneAllSeriesCall() {
        assertThat(calls("SELECT mean(usage), max(usage) FROM cpu WHERE " + RANGE + " GROUP BY time(10m), host")).isEqualTo(3);
    }

    @Test
    void groupingByTwoTagsWithARegexResidualIsOneGroupedCall() {
        assertThat(calls("SELECT sum(usage), count(usage) FROM cpu WHERE (region = 'r1' OR region = 'r2') AND host !~ /h1/"
                + " AND " + RANGE + " GROUP BY time(15m), host, region fill(0)")).isEqualTo(3);
    }

    @Test
    void aFilterWithoutTagGroupsIsOneAllSeriesCall() {
        assertThat(calls("SELECT mean(usage) FROM cpu WHERE region = 'r3' AND " + RANGE + " GROUP BY time(5m)")).isEqualTo(3);
    }

    @Test
    void firstAndLastOverSeveralSeriesStillReadEachSeries() {
        assertThat(calls("SELECT first(usage) FROM cpu WHERE region = 'r0' AND " + RANGE + " GROUP BY time(30m)"))
                .isEqualTo(1 + HOSTS / 4);
    }

    @Test
    void aCrossKeyOrIsEvaluatedOverTheFilteredListingAndStillOneCall() {
        // r1 and r2 listed; the OR keeps r2 and six r1 hosts, so r1's group is shared: the all-series aggregates
        assertThat(calls("SELECT mean(usage) FROM cpu WHERE (region = 'r1' OR region = 'r2') AND (host =~ /h[0-2]/"
                + " OR region = 'r2') AND " + RANGE + " GROUP BY time(10m), region")).isEqualTo(3);
    }

    @Test
    void aMeasurementOfFewOfTheSeriesTheFilterKeepsIsReadSeriesBySeries() {
        // mem's 5 series of the 46 kept store-wide: listing mem, one page of those kept, then each series
        assertThat(calls("SELECT mean(usage) FROM mem WHERE " + RANGE + " GROUP BY time(10m), host")).isEqualTo(2 + 5);
    }

    @Test
    void aStoreWithoutTagsAnswersTheSameFromItsListingAndAllSeriesAggregates() {
        String q = "SELECT mean(usage) FROM cpu WHERE region = 'r1' AND host !~ /h1/ AND " + RANGE
                + " GROUP BY time(10m), host";
        List<StatementResult> expected = seriesBySeries.execute(Parser.parse(q), "db", NOW);

        List<StatementResult> actual = tagless.execute(Parser.parse(q), "db", NOW);

        assertSameAnswer(expected, actual);
        assertThat(actual.get(0).series()).hasSize(7);   // region r1: h1, h5, …, h37 but h1, h13 and h17
    }

    /** The store calls {@code q} makes, after checking its answer is the one read series by series. */
    private int calls(String q) {
        List<StatementResult> expected = seriesBySeries.execute(Parser.parse(q), "db", NOW);
        storeCalls.set(0);
        List<StatementResult> actual = pushed.execute(Parser.parse(q), "db", NOW);
        int calls = storeCalls.get();
        assertSameAnswer(expected, actual);
        assertThat(actual.get(0).series()).as("answered series").isNotEmpty();
        return calls;
    }

    private static void assertSameAnswer(List<StatementResult> expected, List<StatementResult> actual) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int s = 0; s < expected.size(); s++) {
            assertThat(actual.get(s).error()).isEqualTo(expected.get(s).error());
            List<ResultSeries> want = expected.get(s).series();
            List<ResultSeries> got = actual.get(s).series();
            assertThat(got).hasSameSizeAs(want);
            for (int i = 0; i < want.size(); i++) {
                assertThat(got.get(i).tags()).isEqualTo(want.get(i).tags());
                assertThat(got.get(i).columns()).isEqualTo(want.get(i).columns());
                assertThat(got.get(i).values()).hasSameSizeAs(want.get(i).values());
                for (int r = 0; r < want.get(i).values().size(); r++) {
                    List<Object> wantRow = want.get(i).values().get(r);
                    List<Object> gotRow = got.get(i).values().get(r);
                    for (int c = 0; c < wantRow.size(); c++) {
                        if (wantRow.get(c) instanceof Double value) {
                            assertThat((Double) gotRow.get(c)).isCloseTo(value, within(1e-9 * Math.abs(value)));
                        } else {
                            assertThat(gotRow.get(c)).isEqualTo(wantRow.get(c));
                        }
                    }
                }
            }
        }
    }

    /** The series directory before the pushdown: lists every series and evaluates the filter itself; no store-wide calls. */
    private record FilterInProcess(SeriesDirectory all) implements SeriesDirectory {

        @Override
        public List<TaggedSeries> series(String measurement, TagFilter filter, int max) {
            return all.series(measurement, TagFilter.ANY, max).stream()
                    .filter(s -> filter.matches(Tags.of(s.tags()))).toList();
        }

        @Override
        public List<TaggedSeries> matching(TagFilter filter, int max) {
            return null;
        }
    }
}
