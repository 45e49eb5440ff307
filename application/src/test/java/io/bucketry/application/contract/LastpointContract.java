package io.bucketry.application.contract;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.LastpointPage;
import io.bucketry.application.port.in.LastpointQuery;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

import static io.bucketry.application.contract.ContractSupport.ingest;
import static io.bucketry.application.contract.Fixtures.at;
import static io.bucketry.application.contract.Fixtures.freshPrefix;
import static io.bucketry.application.contract.Fixtures.minutes;
import static io.bucketry.application.contract.Fixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Contract theme: the lastpoint query answers each series' latest reading, in id order, a page at a time. */
public interface LastpointContract extends ContractSupport {

    /** Brute force: per series of {@code prefix}, the reading of the greatest time, the first ingested of equal ones. */
    private static List<Reading> latestOfEach(List<Reading> ingestedInOrder, String prefix) {
        Map<SeriesId, Reading> latest = new TreeMap<>();
        for (Reading reading : ingestedInOrder) {
            if (reading.series().value().startsWith(prefix)) {
                latest.merge(reading.series(), reading, (kept, next) -> next.epochMilli() > kept.epochMilli() ? next : kept);
            }
        }
        return List.copyOf(latest.values());
    }

    /** Every page of {@code prefix}, {@code limit} at a time, joined; checks that each next cursor is the page's last series. */
    private static List<Reading> allPages(UseCases use, String prefix, int limit) {
        List<Reading> all = new ArrayList<>();
        String after = null;
        do {
            LastpointPage page = use.lastpoints().lastpoints(new LastpointQuery(prefix, after, limit));
            all.addAll(page.readings());
            if (page.next() != null) {
                assertThat(page.readings()).hasSize(limit);
                assertThat(page.next()).isEqualTo(page.readings().get(limit - 1).series());
            }
            after = page.next() == null ? null : page.next().value();
        } while (after != null);
        return all;
    }

    @Test
    default void lastpointsAreTheLatestReadingOfEachSeriesOfThePrefix() {
        // given: random readings of seven series over a day in small buckets (overflows, late readings), a later
        // duplicate of some newest times, and a series of another prefix with a newer reading
        UseCases use = useCases(store(BucketPolicy.windowed(Duration.ofHours(1), 3)));
        String prefix = freshPrefix("lp");
        List<SeriesId> series = IntStream.range(0, 7).mapToObj(i -> SeriesId.of(prefix + "." + i)).toList();
        List<Reading> first = new RandomReadings(34).distinct(series, 300);
        List<Reading> sent = new ArrayList<>(first);
        for (Reading newest : latestOfEach(first, prefix).subList(0, 3)) {
            sent.add(value(newest.series(), newest.time(), -1));
        }
        ingest(use, first.subList(0, 150));
        ingest(use, first.subList(150, 300));
        ingest(use, sent.subList(300, sent.size()));
        ingest(use, List.of(value(SeriesId.of(freshPrefix("lq")), at(Duration.ofHours(23)), 9)));

        // when
        LastpointPage page = use.lastpoints().lastpoints(new LastpointQuery(prefix, null, 100));

        // then: equal to the brute force, duplicates not taking the place of the first stored reading
        assertThat(page.readings()).containsExactlyElementsOf(latestOfEach(sent, prefix));
        assertThat(page.next()).isNull();
    }

    @Test
    default void lastpointsArePagedInSeriesIdOrder() {
        // given: five series ingested out of id order
        UseCases use = useCases(store());
        String prefix = freshPrefix("lp");
        List<Reading> sent = new ArrayList<>();
        int minute = 0;
        for (String suffix : List.of("c", "a", "e", "b", "d")) {
            sent.add(value(SeriesId.of(prefix + suffix), at(minutes(++minute)), minute));
            sent.add(value(SeriesId.of(prefix + suffix), at(minutes(60 - minute)), -minute));
        }
        ingest(use, sent);

        // when / then: pages of two join to the whole answer, each next the last series of a full page
        assertThat(allPages(use, prefix, 2)).containsExactlyElementsOf(latestOfEach(sent, prefix));
        assertThat(use.lastpoints().lastpoints(new LastpointQuery(prefix, prefix + "d", 2)).readings())
                .extracting(Reading::series).containsExactly(SeriesId.of(prefix + "e"));
    }

    @Test
    default void aLastpointPrefixIsARangeOfIdsNotAPattern() {
        // given: ids that a regular expression built from "<base>." would also match
        UseCases use = useCases(store());
        String base = freshPrefix("lr");
        List<Reading> sent = new ArrayList<>();
        for (String id : List.of(base, base + ".1", base + ".10", base + "a1", base + "-1", base + "_z")) {
            sent.add(value(SeriesId.of(id), at(minutes(sent.size() + 1)), sent.size()));
        }
        ingest(use, sent);

        // when / then
        assertThat(use.lastpoints().lastpoints(new LastpointQuery(base + ".", null, 10)).readings())
                .containsExactlyElementsOf(latestOfEach(sent, base + "."));
        assertThat(use.lastpoints().lastpoints(new LastpointQuery(base, null, 10)).readings()).hasSize(6);
        assertThat(use.lastpoints().lastpoints(new LastpointQuery(base + ".2", null, 10)).readings()).isEmpty();
    }

    @Test
    default void aSeriesWhoseReadingsExpiredHasNoLastpointAndThePageStaysFull() {
        // given: "a" has only an old reading, "b" and "c" recent ones; the clock then moves so that the old one expires
        UseCases use = useCases(store());
        String prefix = freshPrefix("le");
        Reading b = value(SeriesId.of(prefix + "b"), at(Duration.ofHours(20)), 2);
        Reading c = value(SeriesId.of(prefix + "c"), at(Duration.ofHours(21)), 3);
        ingest(use, List.of(value(SeriesId.of(prefix + "a"), at(minutes(10)), 1), b, c));
        clock().advance(Duration.ofDays(90).minus(Duration.ofHours(23)));   // oldest kept: 01:00 of the first day

        // when
        LastpointPage first = use.lastpoints().lastpoints(new LastpointQuery(prefix, null, 1));
        LastpointPage second = use.lastpoints().lastpoints(new LastpointQuery(prefix, first.next().value(), 1));

        // then
        assertThat(first.readings()).containsExactly(b);
        assertThat(second.readings()).containsExactly(c);
        assertThat(second.next()).isNull();
    }

    @Test
    default void aDeletedSeriesHasNoLastpoint() {
        UseCases use = useCases(store());
        String prefix = freshPrefix("ld");
        Reading kept = value(SeriesId.of(prefix + "b"), at(minutes(3)), 2);
        ingest(use, List.of(value(SeriesId.of(prefix + "a"), at(minutes(4)), 1), kept));

        use.delete().delete(SeriesId.of(prefix + "a"));

        assertThat(use.lastpoints().lastpoints(new LastpointQuery(prefix, null, null)).readings()).containsExactly(kept);
    }

    @Test
    default void aLastpointEqualsTheLatestOfItsSeries() {
        // given: a window that overflows, its newest reading not in its highest bucket
        UseCases use = useCases(store(BucketPolicy.windowed(Duration.ofHours(1), 2)));
        String prefix = freshPrefix("ll");
        SeriesId series = SeriesId.of(prefix + "x");
        ingest(use, List.of(value(series, at(minutes(40)), 1), value(series, at(minutes(50)), 2)));
        ingest(use, List.of(value(series, at(minutes(45)), 9)));   // older, into an overflow bucket

        // when / then
        assertThat(use.lastpoints().lastpoints(new LastpointQuery(prefix, null, 5)).readings())
                .containsExactly(use.latest().latest(series).orElseThrow())
                .extracting(Reading::epochMilli).containsExactly(at(minutes(50)).toEpochMilli());
    }

    @Test
    default void badLastpointPagingIsRefusedInTheCallersWords() {
        UseCases use = useCases(store());

        assertThatThrownBy(() -> use.lastpoints().lastpoints(new LastpointQuery(null, null, 0)))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_LIMIT"))
                .hasMessageContaining("from 1 to 1000");
        assertThatThrownBy(() -> use.lastpoints().lastpoints(new LastpointQuery(null, null, 1001)))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_LIMIT"));
        assertThatThrownBy(() -> use.lastpoints().lastpoints(new LastpointQuery("a b", null, null)))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_PREFIX"))
                .hasMessageContaining("' '");
        assertThatThrownBy(() -> use.lastpoints().lastpoints(new LastpointQuery(null, "a/b", null)))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_CURSOR"));
    }
}
