package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.GapFill;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.GroupWindows;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagFilter.Condition;
import io.bucketry.domain.Tags;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.bucketry.application.contract.ContractSupport.assumeCapability;
import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;

/**
 * Seeded random half of the tags contract: series re-tagged at random, readings late, out of order and
 * duplicated, some without a field or with -0.0; grouped and filtered aggregates equal a brute force over
 * the readings with the tags each was written with ({@link BruteForceGroups}, {@link BruteForce}).
 */
public interface TagsProperties extends ContractSupport {

    int SEEDS = 25;
    List<String> BUILDINGS = List.of("1", "2", "3");

    @Test
    default void groupedAndFilteredAggregatesEqualBruteForceOverTheTagsEachReadingWasWrittenWith() {
        assumeCapability(store(), Capability.TAGS);
        for (long seed = 1; seed <= SEEDS; seed++) {
            Random random = new Random(seed);
            String prefix = Fixtures.freshPrefix("prop");
            try (ReadingStore store = openStore(io.bucketry.domain.BucketPolicy.windowed(Duration.ofMinutes(30), 7))) {
                UseCases use = useCases(store);
                List<Reading> written = new ArrayList<>();
                for (int batch = 0; batch < 3; batch++) {
                    List<ReadingInput> inputs = new ArrayList<>();
                    for (int i = 0; i < 60; i++) {
                        Reading reading = randomReading(random, prefix);
                        written.add(reading);
                        inputs.add(new ReadingInput(reading.series().value(), reading.time(), reading.fields(),
                                reading.meta().tags().values(), null));
                    }
                    TagsContract.ingestInputs(use, inputs);
                }
                List<Reading> kept = BruteForce.firstWins(written);
                Duration window = Duration.ofMinutes(1 + random.nextInt(45));
                Instant from = Fixtures.at(Duration.ofMinutes(random.nextInt(60)));
                Instant to = from.plus(Duration.ofMinutes(30 + random.nextInt(150)));
                List<String> keys = random.nextBoolean() ? List.of("building") : List.of("type", "building");
                TagFilter filter = random.nextBoolean() ? TagFilter.ANY
                        : TagFilter.of(Condition.oneOf("building", BUILDINGS.get(random.nextInt(3)), "2"));
                String where = "seed " + seed + ", " + from + ".." + to + " by " + window + ", " + keys + ", " + filter;

                // when
                List<GroupWindows> groups = use.groups().aggregateGroups(filter, new GroupBy(keys), from, to, window,
                        GapFill.none());
                List<WindowAggregate> filtered = filter.isAny() ? List.of()
                        : use.aggregateAll().aggregateAll(filter, from, to, window, GapFill.none());

                // then
                List<BruteForceGroups.Group> expected = BruteForceGroups.groups(kept, filter, keys, from, to, window);
                BruteForceGroups.assertSameGroups(groups, expected, where);
                if (!filter.isAny()) {
                    assertSameWindows(filtered, BruteForce.windows(kept.stream()
                            .filter(r -> filter.matches(r.meta().tags())).toList(), from, to, window), where);
                }
            }
        }
    }

    /**
     * A reading of one of 5 series in the test day's first 3 hours, its tags drawn from a few values or none;
     * series 0 and 1 keep one set of tags (so their windows, not their readings, are merged).
     */
    private static Reading randomReading(Random random, String prefix) {
        int index = random.nextInt(5);
        SeriesId series = new SeriesId(prefix + "-" + index);
        Instant time = Fixtures.at(Duration.ofSeconds(random.nextInt(3 * 3600)));
        Map<String, Object> fields = new HashMap<>();
        double value = random.nextInt(10) == 0 ? -0.0 : Math.round(random.nextGaussian() * 1000) / 8.0;
        fields.put("value", value);
        if (random.nextBoolean()) {
            fields.put("other", (double) random.nextInt(100));
        }
        Map<String, String> tags = new HashMap<>();
        if (random.nextInt(6) != 0) {
            tags.put("building", BUILDINGS.get(random.nextInt(BUILDINGS.size())));
        }
        if (random.nextBoolean()) {
            tags.put("type", random.nextBoolean() ? "temp" : "hum");
        }
        if (index < 2) {
            tags = Map.of("building", BUILDINGS.get(index), "type", "temp");
        }
        return Reading.of(series.value(), time, fields).withMeta(SeriesMeta.of(new Tags(tags)));
    }
}
