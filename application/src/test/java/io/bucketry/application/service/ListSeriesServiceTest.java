package io.bucketry.application.service;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.port.in.ListSeriesUseCase;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ListSeriesServiceTest {

    private static final Instant NOW = Instant.parse("2030-07-22T00:00:00Z");

    private final ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());
    private final UseCases use = UseCases.over(store, ApplicationSettings.defaults(), Clock.fixed(NOW, ZoneOffset.UTC));

    private void seriesCount(int n) {
        List<ReadingInput> inputs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            inputs.add(ReadingInput.of(String.format("s%04d", i), NOW.minusSeconds(60), Map.of("v", 1.0)));
        }
        use.ingest().ingest(inputs);
    }

    @Test
    void withoutALimitAPageHoldsTheDefaultAndSaysWhereTheNextStarts() {
        seriesCount(ListSeriesUseCase.DEFAULT_LIMIT + 1);

        var page = use.series().list(null, null, null);

        assertThat(page.series()).hasSize(ListSeriesUseCase.DEFAULT_LIMIT);
        assertThat(page.next().value()).isEqualTo(String.format("s%04d", ListSeriesUseCase.DEFAULT_LIMIT - 1));
        assertThat(use.series().list("", page.next().value(), null).series()).hasSize(1);
    }

    @Test
    void aPageThatHoldsTheLastSeriesExactlyHasNoNext() {
        seriesCount(3);

        assertThat(use.series().list(null, null, 3).next()).isNull();
        assertThat(use.series().list(null, null, ListSeriesUseCase.MAX_LIMIT).series()).hasSize(3);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, ListSeriesUseCase.MAX_LIMIT + 1})
    void aLimitOutsideItsBoundsIsRefused(int limit) {
        assertThatThrownBy(() -> use.series().list(null, null, limit))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_LIMIT"))
                .hasMessage("limit " + limit + " must be from 1 to 1000");
    }

    @Test
    void aPrefixNoSeriesIdCouldStartWithIsRefused() {
        assertThatThrownBy(() -> use.series().list("a b", null, null))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_PREFIX"))
                .hasMessageContaining("prefix: 'a b' contains ' '");
    }

    @Test
    void aCursorThatIsNoSeriesIdIsRefused() {
        assertThatThrownBy(() -> use.series().list(null, "x/y", null))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.code()).isEqualTo("INVALID_CURSOR"))
                .hasMessageContaining("after must be the id of a series");
    }

    @Test
    void aLimitOfOneGivesOneSeriesAndTheNext() {
        seriesCount(2);

        var page = use.series().list(null, null, 1);

        assertThat(page.series()).extracting(s -> s.series().value()).containsExactly("s0000");
        assertThat(page.next().value()).isEqualTo("s0000");
    }

    @Test
    void aPrefixListsOnlyTheSeriesThatStartWithIt() {
        // given: s0000 .. s0011
        seriesCount(12);

        // when
        var page = use.series().list("s001", null, null);

        // then
        assertThat(page.series()).extracting(s -> s.series().value()).containsExactly("s0010", "s0011");
        assertThat(page.next()).isNull();
    }
}
