package io.bucketry.adapter.mongo.common;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** A page of lastpoints stays full when some series answer no reading, and ends where the series end. */
class LastpointPagesTest {

    /** Series s0 … s9; the odd ones have no reading. */
    private static final List<SeriesId> SERIES = IntStream.range(0, 10).mapToObj(i -> SeriesId.of("s" + i)).toList();

    private final List<String> rounds = new ArrayList<>();

    private List<LastpointPages.Answer> round(SeriesId after, int limit) {
        rounds.add((after == null ? "-" : after.value()) + ":" + limit);
        return SERIES.stream().filter(s -> after == null || s.compareTo(after) > 0).limit(limit)
                .map(s -> new LastpointPages.Answer(s, Integer.parseInt(s.value().substring(1)) % 2 == 0
                        ? Reading.of(s.value(), Instant.EPOCH, Map.of("v", 1.0)) : null)).toList();
    }

    @Test
    void seriesWithoutAReadingAreSkippedAndTheNextRoundStartsAfterTheLastAnswered() {
        List<Reading> page = LastpointPages.fill(null, 3, this::round);

        assertThat(page).extracting(r -> r.series().value()).containsExactly("s0", "s2", "s4");
        assertThat(rounds).containsExactly("-:3", "s2:1", "s3:1");
    }

    @Test
    void aRoundAnsweringFewerThanAskedEndsThePage() {
        List<Reading> page = LastpointPages.fill(SeriesId.of("s6"), 5, this::round);

        assertThat(page).extracting(r -> r.series().value()).containsExactly("s8");
        assertThat(rounds).containsExactly("s6:5");
    }
}
