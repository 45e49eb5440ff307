package io.bucketry.tools.simulate;

import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.SeriesMeta;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class ReadingGeneratorTest {

    private static final Instant END = Instant.parse("2026-07-21T23:30:00Z");

    private static List<ReadingInput> all(Scenario scenario) {
        return all(scenario, true);
    }

    private static List<ReadingInput> all(Scenario scenario, boolean resubmitDuplicates) {
        return all(new ReadingGenerator(scenario, ReadingGenerator.sensorIds(scenario.sensors()), END, resubmitDuplicates),
                scenario);
    }

    private static List<ReadingInput> all(ReadingGenerator generator, Scenario scenario) {
        List<ReadingInput> all = new ArrayList<>();
        for (List<ReadingInput> batch = generator.nextBatch(); !batch.isEmpty(); batch = generator.nextBatch()) {
            assertThat(batch.size()).isLessThanOrEqualTo(scenario.batchSize());
            all.addAll(batch);
        }
        assertThat(generator.submitted()).isEqualTo(all.size());
        return all;
    }

    @Test
    void everyReadingNamesItsFieldsInOneFixedOrderWhateverTheJvm() {
        Scenario scenario = new Scenario(3, Duration.ofMinutes(1), Duration.ofMinutes(10), 0.2, 0.1, 4);

        // Map.of's iteration order depends on a salt drawn per JVM, so this asserts what no run may vary
        assertThat(all(scenario)).allSatisfy(reading -> assertThat(List.copyOf(reading.fields().keySet()))
                .containsExactly("temperature", "pressure", "status"));
    }

    @Test
    void withoutLateOrDuplicateReadingsTheStreamIsInRealTimeOrderEndingAtTheEnd() {
        Scenario scenario = new Scenario(3, Duration.ofMinutes(1), Duration.ofMinutes(10), 0, 0, 4);

        List<ReadingInput> all = all(scenario);

        assertThat(all).hasSize(30);
        assertThat(all).extracting(r -> (Instant) r.time()).isSorted();
        assertThat(all.get(0).time()).isEqualTo(END.minus(Duration.ofMinutes(9)));
        assertThat(all.get(29).time()).isEqualTo(END);
        assertThat(all.subList(0, 3)).extracting(ReadingInput::series)
                .containsExactly("sensor-00001", "sensor-00002", "sensor-00003");
        assertThat(all.get(0).fields()).containsOnlyKeys("temperature", "pressure", "status");
        assertThat(all).extracting(r -> (Object) r.fields().get("status")).isSubsetOf("OK", "WARN");
    }

    @Test
    void lateReadingsArriveLaterAndDuplicatesAreResubmittedEveryReadingStillOnce() {
        Scenario scenario = new Scenario(50, Duration.ofSeconds(30), Duration.ofHours(1), 0.2, 0.1, 1000);

        List<ReadingInput> all = all(scenario);

        Set<String> identities = new HashSet<>();
        int duplicates = 0;
        int outOfOrder = 0;
        Instant latest = Instant.MIN;
        for (ReadingInput r : all) {
            if (!identities.add(r.series() + "@" + r.time())) {
                duplicates++;
            }
            Instant time = (Instant) r.time();
            if (time.isBefore(latest)) {
                outOfOrder++;
            }
            latest = time.isAfter(latest) ? time : latest;
        }
        assertThat(identities).hasSize(50 * 120);
        assertThat(duplicates).isBetween(400, 800);        // about 10 % of 6000
        assertThat(outOfOrder).isGreaterThan(1000);        // late readings and duplicates come after newer ones
    }

    @Test
    void withoutResubmissionsTheSameStreamHoldsEveryDistinctReadingExactlyOnce() {
        Scenario scenario = new Scenario(20, Duration.ofSeconds(30), Duration.ofMinutes(30), 0.2, 0.3, 100);

        List<ReadingInput> withDuplicates = all(scenario, true);
        List<ReadingInput> distinct = all(scenario, false);

        Set<String> seen = new HashSet<>();
        List<ReadingInput> firstOccurrences = withDuplicates.stream()
                .filter(r -> seen.add(r.series() + "@" + r.time())).toList();
        // a duplicate may arrive before its late original, so the order of first occurrences can differ
        assertThat(distinct).hasSize(20 * 60).containsExactlyInAnyOrderElementsOf(firstOccurrences);
    }

    @Test
    void withTagsEveryReadingCarriesItsSensorsBuildingAndTypeAndEveryBuildingHasEveryType() {
        // given 2,500 sensors: 10 per building, two of each type
        Scenario scenario = new Scenario(2_500, Duration.ofMinutes(1), Duration.ofMinutes(2), 0.2, 0.1, 1000, true);

        // when: as simulate sends them (a SeriesMeta per sensor), and as maps
        List<ReadingInput> all = all(scenario);
        List<ReadingInput> asMaps = all(new ReadingGenerator(scenario, ReadingGenerator.sensorIds(2_500), END, true, true),
                scenario);

        // then: each sensor always sends one meta object, whose tags are those of its map
        java.util.Map<String, Set<Object>> typesPerBuilding = new java.util.HashMap<>();
        java.util.Map<String, SeriesMeta> metaPerSensor = new java.util.HashMap<>();
        for (ReadingInput reading : all) {
            assertThat(reading.tags()).isNull();
            assertThat(reading.meta().tags().values()).containsOnlyKeys("building", "type");
            assertThat(metaPerSensor.putIfAbsent(reading.series(), reading.meta())).isIn(null, reading.meta());
            assertThat(metaPerSensor.get(reading.series())).isSameAs(reading.meta());
            typesPerBuilding.computeIfAbsent(reading.meta().tags().get("building"), b -> new HashSet<>())
                    .add(reading.meta().tags().get("type"));
        }
        assertThat(metaPerSensor).hasSize(2_500);
        assertThat(typesPerBuilding).hasSize(250).allSatisfy((building, types) -> assertThat(types).hasSize(5));
        assertThat(typesPerBuilding).containsKeys("b000", "b249");
        assertThat(asMaps).hasSameSizeAs(all).allSatisfy(reading -> {
            assertThat(reading.meta()).isNull();
            assertThat(reading.tags()).isEqualTo(metaPerSensor.get(reading.series()).tags().values());
        });
        assertThat(new ReadingGenerator(new Scenario(3, Duration.ofMinutes(1), Duration.ofMinutes(2), 0, 0, 10),
                ReadingGenerator.sensorIds(3), END).nextBatch())
                .allSatisfy(r -> assertThat(r.statesMeta()).isFalse());
    }
}
