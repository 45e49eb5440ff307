package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static io.bucketry.server.http.Api.q;
import static org.assertj.core.api.Assertions.assertThat;

/** The HTTP API end to end over a real socket: every endpoint (errors in HttpErrorsTest and StoreFailureHttpTest). */
class HttpApiTest extends ApiTestBase {

    @Test
    void postingReadingsAnswersTheIngestReport() {
        String s = newSeries();
        String body = "[" + String.join(",",
                reading(s, "\"2026-07-21T23:00:10Z\"", "{\"temperature\":22.4,\"status\":\"OK\"}"),
                reading(s, String.valueOf(Instant.parse("2026-07-21T23:00:20Z").toEpochMilli()), "{\"temperature\":22.5}"),
                reading(s, "\"2026-07-21T23:00:10.000999Z\"", "{\"temperature\":99}"),
                reading("bad id", "\"2026-07-21T23:00:30Z\"", "{\"temperature\":1}"),
                reading(s, "\"2026-07-21T23:00:40Z\"", "{\"temperature\":1e999}"),
                reading(s, "\"2026-01-01T00:00:00Z\"", "{\"temperature\":1}"),
                reading(s, "\"2026-07-22T03:00:00Z\"", "{\"temperature\":1}"),
                reading(s, "\"yesterday\"", "{\"temperature\":1}"),
                reading(s, "\"2026-07-21T23:00:50Z\"", "{\"t\":1}"),
                reading(s, "\"2026-07-21T23:00:55Z\"", "{}"),
                reading(s, "\"2026-07-21T23:00:56Z\"", "{\"on\":true}"),
                "42") + "]";

        Answer answer = api.post("/v1/readings", body);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.contentType()).startsWith("application/json");
        JsonNode report = answer.json();
        assertThat(report.get("accepted").asInt()).isEqualTo(2);
        assertThat(report.get("duplicates").asInt()).isEqualTo(1);
        List<String> reasons = new ArrayList<>();
        report.get("rejected").forEach(r -> reasons.add(r.get("index").asInt() + ":" + r.get("reason").asText()));
        assertThat(reasons).containsExactly("3:INVALID_SERIES", "4:INVALID_FIELD_VALUE", "5:EXPIRED", "6:FUTURE",
                "7:INVALID_TIME", "8:INVALID_FIELD_NAME", "9:NO_FIELDS", "10:INVALID_FIELD_VALUE", "11:NO_FIELDS");
        JsonNode first = report.get("rejected").get(0);
        assertThat(first.get("series").asText()).isEqualTo("bad id");
        assertThat(first.get("time").asText()).isEqualTo("2026-07-21T23:00:30Z");
        assertThat(first.get("message").asText()).contains("' '");
    }

    @Test
    void readingsComeBackInTimeOrderWithinAHalfOpenRangeAndLimit() {
        String s = newSeries();
        api.post("/v1/readings", "[" + reading(s, "\"2026-07-21T23:02:00Z\"", "{\"temperature\":2}") + ","
                + reading(s, "\"2026-07-21T23:00:00.123456Z\"", "{\"temperature\":0,\"status\":\"OK\"}") + ","
                + reading(s, "\"2026-07-21T23:01:00Z\"", "{\"temperature\":1}") + "]");

        Answer all = api.get("/v1/series/" + s + "/readings");
        assertThat(all.status()).isEqualTo(200);
        assertThat(all.json()).hasSize(3);
        JsonNode first = all.json().get(0);
        assertThat(first.get("series").asText()).isEqualTo(s);
        assertThat(first.get("time").asText()).isEqualTo("2026-07-21T23:00:00.123Z");
        assertThat(first.get("fields").get("temperature").asDouble()).isEqualTo(0.0);
        assertThat(first.get("fields").get("status").asText()).isEqualTo("OK");
        assertThat(all.json().get(2).get("time").asText()).isEqualTo("2026-07-21T23:02:00Z");

        Answer range = api.get("/v1/series/" + s + "/readings?from=" + q("2026-07-21T23:00:01Z")
                + "&to=" + Instant.parse("2026-07-21T23:02:00Z").toEpochMilli());
        assertThat(range.json()).extracting(r -> r.get("time").asText()).containsExactly("2026-07-21T23:01:00Z");

        Answer limited = api.get("/v1/series/" + s + "/readings?limit=2");
        assertThat(limited.json()).hasSize(2);
    }

    @Test
    void readingsOfAnUnknownSeriesAreAnEmptyArray() {
        Answer answer = api.get("/v1/series/" + newSeries() + "/readings");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().isArray()).isTrue();
        assertThat(answer.json()).isEmpty();
    }

    @Test
    void latestIsTheNewestReadingOr404() {
        String s = newSeries();
        storeMinutes(s, 3);

        Answer latest = api.get("/v1/series/" + s + "/latest");
        assertThat(latest.status()).isEqualTo(200);
        assertThat(latest.json().get("time").asText()).isEqualTo("2026-07-21T23:02:00Z");

        Answer unknown = api.get("/v1/series/" + newSeries() + "/latest");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.error()).isEqualTo("NOT_FOUND");
        assertThat(unknown.json().get("message").asText()).contains("has no readings");
    }

    @Test
    void pagesHoldReadingsOfTheirRankAnd404PastTheLast() {
        String s = newSeries();
        storeMinutes(s, 5);

        assertThat(api.get("/v1/series/" + s + "/pages/1").json()).hasSize(3);
        Answer second = api.get("/v1/series/" + s + "/pages/2");
        assertThat(second.json()).extracting(r -> r.get("fields").get("temperature").asInt()).containsExactly(23, 24);
        Answer sized = api.get("/v1/series/" + s + "/pages/3?size=2");
        assertThat(sized.json()).extracting(r -> r.get("fields").get("temperature").asInt()).containsExactly(24);

        Answer past = api.get("/v1/series/" + s + "/pages/3");
        assertThat(past.status()).isEqualTo(404);
        assertThat(past.error()).isEqualTo("NOT_FOUND");
        assertThat(api.get("/v1/series/" + newSeries() + "/pages/1").status()).isEqualTo(404);
        assertThat(api.get("/v1/series/" + s + "/pages/99999999999999999999").status()).isEqualTo(404);
    }

    @Test
    void aggregatesOfOneSeriesEqualABruteForceComputation() {
        String s = newSeries();
        storeMinutes(s, 12);   // 23:00 … 23:11, temperature 20 … 31

        Answer answer = api.get("/v1/series/" + s + "/aggregates?from=" + q("2026-07-21T23:00:00Z")
                + "&to=" + q("2026-07-21T23:12:00Z") + "&window=5m");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json()).hasSize(3);
        JsonNode window = answer.json().get(1);
        assertThat(window.get("series").asText()).isEqualTo(s);
        assertThat(window.get("start").asText()).isEqualTo("2026-07-21T23:05:00Z");
        assertThat(window.get("end").asText()).isEqualTo("2026-07-21T23:10:00Z");
        assertThat(window.get("count").asInt()).isEqualTo(5);
        JsonNode t = window.get("fields").get("temperature");
        assertThat(t.get("count").asInt()).isEqualTo(5);
        assertThat(t.get("min").asDouble()).isEqualTo(25);
        assertThat(t.get("max").asDouble()).isEqualTo(29);
        assertThat(t.get("sum").asDouble()).isEqualTo(25 + 26 + 27 + 28 + 29);
        assertThat(t.get("avg").asDouble()).isEqualTo(27);
        assertThat(t.get("first").asDouble()).isEqualTo(25);
        assertThat(t.get("last").asDouble()).isEqualTo(29);
        assertThat(window.get("fields").has("status")).isFalse();

        Answer iso = api.get("/v1/series/" + s + "/aggregates?from=" + q("2026-07-21T23:00:00Z") + "&window=PT5M");
        assertThat(iso.json()).isEqualTo(answer.json());
    }

    @Test
    void aggregatesOfAllSeriesIncludeEverySeriesInSeriesOrder() {
        String a = "all-a-" + UUID.randomUUID();
        String b = "all-b-" + UUID.randomUUID();
        storeMinutes(a, 2);
        storeMinutes(b, 7);

        Answer answer = api.get("/v1/aggregates?from=" + q("2026-07-21T23:00:00Z") + "&to="
                + q("2026-07-21T23:10:00Z") + "&window=5m");

        assertThat(answer.status()).isEqualTo(200);
        List<String> ours = new ArrayList<>();
        answer.json().forEach(w -> {
            if (w.get("series").asText().equals(a) || w.get("series").asText().equals(b)) {
                ours.add((w.get("series").asText().equals(a) ? "a" : "b") + "@" + w.get("start").asText().substring(11)
                        + "=" + w.get("count").asInt());
            }
        });
        assertThat(ours).containsExactly("a@23:00:00Z=2", "b@23:00:00Z=5", "b@23:05:00Z=2");
    }

    @Test
    void statisticsHaveExactlyTheDocumentedKeys() {
        storeMinutes(newSeries(), 2);

        Answer answer = api.get("/v1/stats");

        assertThat(answer.status()).isEqualTo(200);
        List<String> keys = new ArrayList<>();
        answer.json().fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("backend", "series", "readings", "buckets", "avgReadingsPerBucket",
                "maxReadingsPerBucket", "avgBucketBytes", "documentReduction");
        assertThat(answer.json().get("backend").asText()).isEqualTo("inmemory");
        assertThat(answer.json().get("readings").asLong()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void deletingASeriesAnswersHowManyReadingsWereRemoved() {
        String s = newSeries();
        storeMinutes(s, 4);

        Answer deleted = api.delete("/v1/series/" + s);

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.json().get("deleted").asLong()).isEqualTo(4);
        assertThat(api.get("/v1/series/" + s + "/readings").json()).isEmpty();
        assertThat(api.delete("/v1/series/" + s).json().get("deleted").asLong()).isZero();
    }

    @Test
    void healthIsUpWithTheBackend() {
        Answer answer = api.get("/health");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("status").asText()).isEqualTo("UP");
        assertThat(answer.json().get("backend").asText()).isEqualTo("inmemory");
    }
}
