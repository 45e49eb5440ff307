package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** How {@code GET …/readings} reads its bounds and its limit. */
class RangeQueryHttpTest extends ApiTestBase {

    private List<String> times(Answer answer) {
        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        List<String> times = new ArrayList<>();
        answer.json().forEach(r -> times.add(r.get("time").asText()));
        return times;
    }

    @Test
    void subMillisecondBoundsRoundUpSoTheRangeStaysHalfOpen() {
        // given: readings at 10.000 and 10.001
        String s = newSeries();
        api.post("/v1/readings", "[" + reading(s, "\"2026-07-21T23:00:10.000Z\"", "{\"v\":0}") + ","
                + reading(s, "\"2026-07-21T23:00:10.001Z\"", "{\"v\":1}") + "]");

        // when: from and to lie half a millisecond after 10.000
        Answer from = api.get("/v1/series/" + s + "/readings?from=2026-07-21T23:00:10.0005Z");
        Answer to = api.get("/v1/series/" + s + "/readings?to=2026-07-21T23:00:10.0005Z");

        // then: 10.000 lies before from, and before to
        assertThat(times(from)).containsExactly("2026-07-21T23:00:10.001Z");
        assertThat(times(to)).containsExactly("2026-07-21T23:00:10Z");
    }

    @Test
    void anUnencodedPlusOfAZoneOffsetIsReadAsAPlus() {
        // given: readings at 23:00 and 23:01 UTC
        String s = newSeries();
        storeMinutes(s, 2);

        // when: from is 23:00:30 UTC written with +02:00, its '+' unencoded (so it arrives as a space)
        Answer answer = api.get("/v1/series/" + s + "/readings?from=2026-07-22T01:00:30+02:00");

        // then
        assertThat(times(answer)).containsExactly("2026-07-21T23:01:00Z");
    }

    @Test
    void withoutALimitAtMostTheMaximumIsReturned() {
        // given: one reading more than the maximum, stored through the use case (the HTTP batch limit is small)
        String s = newSeries();
        Instant start = NOW.minusSeconds(ReadingRoutes.MAX_LIMIT + 1L);
        List<ReadingInput> batch = new ArrayList<>();
        for (int i = 0; i <= ReadingRoutes.MAX_LIMIT; i++) {
            batch.add(ReadingInput.of(s, start.plusSeconds(i), Map.of("v", i)));
            if (batch.size() == 50 || i == ReadingRoutes.MAX_LIMIT) {
                assertThat(bucketry.useCases().ingest().ingest(batch).rejected()).isEmpty();
                batch.clear();
            }
        }

        // when
        JsonNode readings = api.get("/v1/series/" + s + "/readings").json();

        // then: the first MAX_LIMIT in time order
        assertThat(readings).hasSize(ReadingRoutes.MAX_LIMIT);
        assertThat(readings.get(ReadingRoutes.MAX_LIMIT - 1).get("fields").get("v").asInt())
                .isEqualTo(ReadingRoutes.MAX_LIMIT - 1);
    }

    @Test
    void aLimitAboveTheMaximumIs400NamingTheMaximum() {
        Answer answer = api.get("/v1/series/" + newSeries() + "/readings?limit=" + (ReadingRoutes.MAX_LIMIT + 1));

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("INVALID_LIMIT");
        assertThat(answer.json().get("message").asText()).contains("100000");
        assertThat(api.get("/v1/series/" + newSeries() + "/readings?limit=" + ReadingRoutes.MAX_LIMIT).status())
                .isEqualTo(200);
    }
}
