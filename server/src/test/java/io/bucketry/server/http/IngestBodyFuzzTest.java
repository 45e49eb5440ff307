package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded random bodies, valid readings mixed with hostile elements and sometimes a broken array:
 * every answer is JSON of the documented shape, names no Java or parser internals, every valid
 * reading of an accepted body is stored and every hostile one is rejected at its index; a refused
 * body stores nothing.
 */
class IngestBodyFuzzTest extends ApiTestBase {

    private static final Pattern INTERNALS = Pattern.compile(
            "ArrayList|LinkedHashMap|HashMap|JsonNode|com\\.fasterxml|jackson|StreamReadConstraints|JsonReadFeature"
                    + "|StreamReadFeature|Feature\\.|Exception|Source:|`|java\\.", Pattern.CASE_INSENSITIVE);

    /** Elements whose JSON cannot be a stored reading; {@code S} is replaced by the series. */
    private static final List<String> HOSTILE = List.of(
            "42", "null", "true", "\"text\"", "[]", "[1,[2]]", "{}",
            "{\"series\":\"S\",\"series\":\"S\",\"time\":T,\"fields\":{\"v\":1}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":1,\"v\":1}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":1" + "0".repeat(1000) + "}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":" + "[".repeat(1000) + "]".repeat(1000) + "}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":" + "{\"a\":".repeat(300) + "1" + "}".repeat(300) + "}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":tru}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":NaN}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":01}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":\"\\ud800\"}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":1e-400}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":1e99999999999}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":9007199254740993}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":[1]}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":true}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":7}",
            "{\"series\":\"S\",\"time\":{\"a\":1},\"fields\":{\"v\":1}}",
            "{\"series\":\"S\",\"time\":9223372036854775808,\"fields\":{\"v\":1}}",
            "{\"series\":\"S\",\"time\":1784674800,\"fields\":{\"v\":1}}",
            "{\"series\":[\"S\"],\"time\":T,\"fields\":{\"v\":1}}",
            "{\"series\":\"S\",\"time\":T,\"fields\":{\"v\":1},}",
            "{\"series\":\"S\" \"time\":T}");

    /** Ways to break the array itself: each must refuse the whole body. */
    private static final List<String> BROKEN_TAILS = List.of(",]", " x", ",", "", " {\"a\":1}", ",,", "}");

    @Test
    void randomMixedBodiesAreAnsweredWithJsonAndStoreExactlyTheirValidReadings() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int round = 0; round < 150; round++) {
            String series = newSeries();
            List<String> elements = new ArrayList<>();
            List<Integer> hostile = new ArrayList<>();
            int valid = 0;
            int size = random.nextInt(12);
            for (int i = 0; i < size; i++) {
                if (random.nextInt(3) == 0) {
                    hostile.add(i);
                    elements.add(HOSTILE.get(random.nextInt(HOSTILE.size())).replace("S", series)
                            .replace("T", "\"2026-07-21T23:00:00Z\""));
                } else {
                    String time = "\"2026-07-21T23:" + String.format("%02d:%02d", valid / 60 + 1, valid % 60) + "Z\"";
                    elements.add(reading(series, time, "{\"v\":" + (random.nextDouble() * 100 - 50)
                            + ",\"s\":\"" + "x".repeat(random.nextInt(5)) + "\"}"));
                    valid++;
                }
            }
            boolean broken = random.nextInt(5) == 0;
            String body = "[" + String.join(random.nextBoolean() ? "," : " ,\n ", elements)
                    + (broken ? BROKEN_TAILS.get(random.nextInt(BROKEN_TAILS.size())) : "]");
            String context = "seed " + seed + ", round " + round + ", body " + abbreviated(body);

            Answer answer = api.post("/v1/readings", body);

            assertThat(answer.contentType()).as(context).startsWith("application/json");
            assertThat(answer.json().toString()).as(context).doesNotContainPattern(INTERNALS);
            int stored = api.get("/v1/series/" + series + "/readings").json().size();
            if (broken) {
                assertThat(answer.status()).as(context).isEqualTo(400);
                assertThat(answer.error()).as(context).isEqualTo("MALFORMED_JSON");
                assertThat(answer.json().get("message").asText()).as(context).isNotBlank();
                assertThat(stored).as(context).isZero();
            } else {
                assertThat(answer.status()).as(context).isEqualTo(200);
                assertReport(answer.json(), valid, hostile, context);
                assertThat(stored).as(context).isEqualTo(valid);
            }
        }
    }

    private static void assertReport(JsonNode report, int valid, List<Integer> hostile, String context) {
        assertThat(report.get("accepted").asInt()).as(context).isEqualTo(valid);
        assertThat(report.get("duplicates").asInt()).as(context).isZero();
        List<Integer> indexes = new ArrayList<>();
        for (JsonNode rejection : report.get("rejected")) {
            indexes.add(rejection.get("index").asInt());
            assertThat(rejection.get("reason").asText()).as(context).isNotBlank();
            assertThat(rejection.get("message").asText()).as(context).isNotBlank().hasSizeLessThan(300);
        }
        assertThat(indexes).as(context).isEqualTo(hostile);
    }

    private static String abbreviated(String body) {
        return body.length() <= 400 ? body : body.substring(0, 400) + "…";
    }
}
