package io.bucketry.application.transfer;

import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.port.in.TimeBound;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.application.port.in.InvalidRequestException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReadingStreamTest {

    private final TransferFixture fixture = new TransferFixture();

    @Test
    void chunksOfASeriesHoldEveryReadingOnceInTimeOrder() {
        String series = Fixtures.freshSeries("stream").value();
        fixture.fill(series, 25);
        ReadingStream stream = new ReadingStream(fixture.use.read(), fixture.use.series(), 10);

        List<Integer> sizes = new ArrayList<>();
        List<Reading> all = new ArrayList<>();
        for (List<Reading> chunk : stream.chunks(SeriesId.of(series), null, null)) {
            sizes.add(chunk.size());
            all.addAll(chunk);
        }

        assertThat(sizes).containsExactly(10, 10, 5);
        assertThat(all).isEqualTo(fixture.use.read().read(SeriesId.of(series), null, null, 1000));
        assertThat(all).hasSize(25);
    }

    @Test
    void aChunkThatEndsAtTheRangeEndIsTheLast() {
        String series = Fixtures.freshSeries("stream").value();
        fixture.fill(series, 30);
        ReadingStream stream = new ReadingStream(fixture.use.read(), fixture.use.series(), 10);

        List<Reading> all = new ArrayList<>();
        stream.chunks(SeriesId.of(series), TimeBound.of(Fixtures.BASE.plus(Duration.ofMinutes(5))),
                TimeBound.of(Fixtures.BASE.plus(Duration.ofMinutes(15)))).forEach(all::addAll);

        assertThat(all).extracting(Reading::time).first().isEqualTo(Fixtures.BASE.plus(Duration.ofMinutes(5)));
        assertThat(all).hasSize(10);
    }

    @Test
    void anUnknownSeriesHasNoChunks() {
        ReadingStream stream = new ReadingStream(fixture.use.read(), fixture.use.series(), 10);

        assertThat(stream.chunks(Fixtures.freshSeries("none"), null, null)).isEmpty();
    }

    @Test
    void seriesAreListedAcrossListingPages() {
        String prefix = Fixtures.freshPrefix("many");
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 1005; i++) {
            String id = prefix + String.format("%04d", i);
            expected.add(id);
            fixture.fill(id, 1);
        }
        ReadingStream stream = new ReadingStream(fixture.use.read(), fixture.use.series());

        List<String> listed = new ArrayList<>();
        stream.series(prefix).forEach(id -> listed.add(id.value()));

        assertThat(listed).containsExactlyElementsOf(expected);
    }

    @Test
    void aCheckRefusesARangeOutOfOrderEvenWhereNoSeriesIsSelected() {
        ReadingStream stream = new ReadingStream(fixture.use.read(), fixture.use.series(), 10);

        assertThatThrownBy(() -> stream.check(null, Fixtures.freshPrefix("none"), TimeBound.of(Fixtures.BASE),
                TimeBound.of(Fixtures.BASE.minusSeconds(1))))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_RANGE"));
    }

    @Test
    void aCheckReadsTheFirstSeriesOfThePrefixSoARangeBadAtNowFailsBeforeAnythingIsWritten() {
        String prefix = Fixtures.freshPrefix("check");
        fixture.fill(prefix + "a", 2);
        ReadingStream stream = new ReadingStream(fixture.use.read(), fixture.use.series(), 10);
        // an instant and a bound relative to now: in order only at the request's instant, and here not
        TimeBound from = TimeBound.of(Fixtures.NOW.plusSeconds(60));
        TimeBound to = TimeBound.fromNow(Duration.ofMinutes(-5));

        assertThatThrownBy(() -> stream.check(null, prefix, from, to))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_RANGE"));
        assertThatThrownBy(() -> stream.check(SeriesId.of(prefix + "a"), null, from, to))
                .isInstanceOf(InvalidRequestException.class);
        stream.check(null, Fixtures.freshPrefix("empty"), from, to);   // nothing selected: nothing to read, nothing refused
        stream.check(null, prefix, null, null);
    }
}
