package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.bucketry.application.contract.WindowAssertions.assertSameWindows;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Property-based half of the contract: window aggregates on random data equal a brute-force
 * computation. Every try opens and closes its own store.
 */
public interface AggregationProperties extends ContractSupport {

    int TRIES = 40;
    Gen<AggregationScenario> ONE_SERIES = AggregationScenario.generator(2);
    Gen<AggregationScenario> FOUR_SERIES = AggregationScenario.generator(4);

    @Test
    default void windowAggregatesOfOneSeriesEqualBruteForce() {
        Property.forAll(TRIES, draws -> {
            AggregationScenario scenario = draws.draw("scenario", ONE_SERIES);
            // given: the queried series and a neighbour whose id it is a prefix of
            SeriesId series = Fixtures.freshSeries("agg");
            SeriesId neighbour = new SeriesId(series.value() + "1");
            try (ReadingStore store = openStore(scenario.policy())) {
                UseCases use = useCases(store);
                List<Reading> ingested = ingestAll(use, scenario.batches(List.of(series, neighbour)));

                // when
                List<WindowAggregate> actual = use.aggregate().aggregate(series, scenario.from(), scenario.to(),
                        scenario.window());

                // then
                List<Reading> kept = BruteForce.firstWins(ingested).stream().filter(r -> r.series().equals(series)).toList();
                assertSameWindows(actual, BruteForce.windows(kept, scenario.from(), scenario.to(), scenario.window()));
            }
        });
    }

    @Test
    default void windowAggregatesOfAllSeriesEqualBruteForce() {
        Property.forAll(TRIES, draws -> {
            AggregationScenario scenario = draws.draw("scenario", FOUR_SERIES);
            // given: series whose ids sort in another order than they are written, some prefixes of others
            String prefix = Fixtures.freshPrefix("all");
            List<SeriesId> series = List.of(new SeriesId(prefix + "axb"), new SeriesId(prefix + "a.b"),
                    new SeriesId(prefix + "a"), new SeriesId(prefix + "a_1"));
            try (ReadingStore store = openStore(scenario.policy())) {
                UseCases use = useCases(store);
                List<Reading> ingested = ingestAll(use, scenario.batches(series));

                // when
                List<WindowAggregate> actual = use.aggregateAll().aggregateAll(scenario.from(), scenario.to(),
                        scenario.window());

                // then
                assertSameWindows(actual, BruteForce.windows(BruteForce.firstWins(ingested), scenario.from(),
                        scenario.to(), scenario.window()));
            }
        });
    }

    /** Ingests the batches in order; answers every reading handed over, in ingest order. */
    private static List<Reading> ingestAll(UseCases use, List<List<Reading>> batches) {
        List<Reading> ingested = new ArrayList<>();
        int accepted = 0;
        int duplicates = 0;
        for (List<Reading> batch : batches) {
            IngestReport report = use.ingest().ingest(Fixtures.inputs(batch));
            assertThat(report.rejected()).as("rejections of valid readings").isEmpty();
            accepted += report.accepted();
            duplicates += report.duplicates();
            ingested.addAll(batch);
        }
        int distinct = BruteForce.firstWins(ingested).size();
        assertThat(accepted).as("accepted").isEqualTo(distinct);
        assertThat(duplicates).as("duplicates").isEqualTo(ingested.size() - distinct);
        return ingested;
    }
}
