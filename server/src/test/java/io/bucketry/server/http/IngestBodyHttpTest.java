package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The body of an ingest request is read one reading at a time: a flaw of one reading refuses only that reading. */
class IngestBodyHttpTest extends ApiTestBase {

    private static final String VALID_TIME = "\"2026-07-21T23:00:10Z\"";

    @Test
    void aBatchIsRefusedAsTooLargeAsSoonAsOneReadingMoreThanTheMaximumStarts() {
        // given: 51 readings (the maximum is 50), then content that is no JSON at all
        StringBuilder body = new StringBuilder("[");
        for (int i = 0; i < 51; i++) {
            body.append(i == 0 ? "" : ",").append(reading(newSeries(), VALID_TIME, "{\"v\":1}"));
        }
        body.append(",").append("!".repeat(1000));

        // when
        Answer answer = api.post("/v1/readings", body.toString());

        // then: the count decides before the broken rest is read
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("BATCH_TOO_LARGE");
        assertThat(answer.json().get("message").asText())
                .isEqualTo("the batch has more than the maximum of 50 readings; split it into smaller batches");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "a duplicate key | {\"series\":\"S\",\"series\":\"S\",\"time\":T,\"fields\":{\"v\":1}} | INVALID_SERIES"
                    + " | key 'series' appears twice in the reading",
            "a duplicate fields key | {\"series\":\"S\",\"time\":T,\"fields\":{\"v\":1},\"fields\":{\"v\":2}} | NO_FIELDS"
                    + " | key 'fields' appears twice in the reading",
            "a duplicate time key | {\"series\":\"S\",\"time\":T,\"time\":T,\"fields\":{\"v\":1}} | INVALID_TIME"
                    + " | key 'time' appears twice in the reading",
            "a duplicate field | {\"series\":\"S\",\"time\":T,\"fields\":{\"v\":1,\"v\":2}} | INVALID_FIELD_NAME"
                    + " | field 'v' appears twice in the reading",
            "a number of 1001 digits | {\"series\":\"S\",\"time\":T,\"fields\":{\"v\":1DIGITS}} | INVALID_FIELD_VALUE"
                    + " | field 'v' is a number of 1001 characters; at most 1000 are read",
            "a value nested 1000 deep | {\"series\":\"S\",\"time\":T,\"fields\":{\"v\":DEEP}} | INVALID_FIELD_VALUE"
                    + " | field 'v' is nested more than 100 levels deep",
            "broken JSON inside the reading | {\"series\":\"S\",\"time\":T,\"fields\":{\"v\":tru}} | INVALID_FIELD_VALUE"
                    + " | field 'v' is not valid JSON: 'tru' is not a JSON value (expected a number, a text in quotes,"
                    + " true, false or null)",
            "fields that is not an object | {\"series\":\"S\",\"time\":T,\"fields\":[1,2]} | NO_FIELDS"
                    + " | fields must be a JSON object of name: value, got an array",
            "a field value that is an object | {\"series\":\"S\",\"time\":T,\"fields\":{\"v\":{\"a\":1}}}"
                    + " | INVALID_FIELD_VALUE | field 'v' is an object; a field value must be a finite number or a text",
            "a time that is an array | {\"series\":\"S\",\"time\":[1],\"fields\":{\"v\":1}} | INVALID_TIME"
                    + " | time must be ISO-8601 text or epoch milliseconds, got an array"})
    void aFlawOfOneReadingRefusesOnlyThatReadingWithItsIndex(String flaw, String template, String reason,
                                                             String message) {
        // given: the flawed reading between two valid ones
        String s = newSeries();
        String flawed = template.replace("DIGITS", "0".repeat(1000)).replace("DEEP", "[".repeat(1000) + "]".repeat(1000))
                .replace("S", s).replace("T", "\"2026-07-21T23:00:20Z\"");
        String body = "[" + reading(s, VALID_TIME, "{\"v\":1}") + "," + flawed + ","
                + reading(s, "\"2026-07-21T23:00:30Z\"", "{\"v\":3}") + "]";

        // when
        Answer answer = api.post("/v1/readings", body);

        // then
        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        assertThat(answer.json().get("accepted").asInt()).isEqualTo(2);
        JsonNode rejected = answer.json().get("rejected");
        assertThat(rejected).hasSize(1);
        assertThat(rejected.get(0).get("index").asInt()).isEqualTo(1);
        assertThat(rejected.get(0).get("reason").asText()).isEqualTo(reason);
        assertThat(rejected.get(0).get("message").asText()).startsWith(message);
        assertThat(api.get("/v1/series/" + s + "/readings").json()).hasSize(2);
    }

    @Test
    void aRejectedDuplicateSeriesKeyReportsTheSeriesAndTimeAsGiven() {
        // given: the time comes after the repeated key, the fields after that are broken
        String body = "[{\"series\":\"a\",\"series\":\"b\",\"time\":" + VALID_TIME + ",\"fields\":{\"v\":true}}]";

        // when
        JsonNode rejected = api.post("/v1/readings", body).json().get("rejected").get(0);

        // then: the first flaw counts, and the time is the one given
        assertThat(rejected.get("reason").asText()).isEqualTo("INVALID_SERIES");
        assertThat(rejected.get("message").asText()).isEqualTo("key 'series' appears twice in the reading");
        assertThat(rejected.get("series").asText()).isEqualTo("a");
        assertThat(rejected.get("time").asText()).isEqualTo("2026-07-21T23:00:10Z");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "a missing comma | [{\"a\":1} {\"b\":2}] | expected ',' or ']' after reading 0, found '{' (line 1, column 10)",
            "a trailing comma | [{\"a\":1},] | expected a reading, found ']'",
            "a body cut short | [{\"a\":[1,2 | the body ends inside reading 0",
            "an array never closed | [{\"a\":1} | the body ends before the array is closed with ']'",
            "trailing content | [] x | unexpected 'x' after the closing ']' of the array"})
    void aSyntaxErrorThatEndsTheArrayRefusesTheWholeBatch(String flaw, String body, String message) {
        // when
        Answer answer = api.post("/v1/readings", body);

        // then
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo("MALFORMED_JSON");
        assertThat(answer.json().get("message").asText()).startsWith("the body is not valid JSON: " + message);
    }

    @Test
    void aBodyWithAUtf8ByteOrderMarkIsReadAndOneInUtf16IsRefusedSayingSo() throws Exception {
        // given
        String s = newSeries();
        String array = "[" + reading(s, VALID_TIME, "{\"v\":1}") + "]";
        java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
        java.net.URI uri = java.net.URI.create("http://127.0.0.1:" + server.port() + "/v1/readings");

        // when
        Answer withMark = api.post("/v1/readings", "\uFEFF" + array);
        String utf16 = client.send(java.net.http.HttpRequest.newBuilder(uri).POST(java.net.http.HttpRequest
                        .BodyPublishers.ofByteArray(array.getBytes(java.nio.charset.StandardCharsets.UTF_16))).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body();

        // then
        assertThat(withMark.json().get("accepted").asInt()).isEqualTo(1);
        assertThat(utf16).contains("MALFORMED_JSON").contains("in another encoding than UTF-8");
    }

    @Test
    void aGzipBodyIsRefusedNamingItsFirstByteAndThatGzipIsNotInflated() throws Exception {
        // given: a gzip body sent without its Content-Encoding header
        java.io.ByteArrayOutputStream zipped = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gzip = new java.util.zip.GZIPOutputStream(zipped)) {
            gzip.write(("[" + reading(newSeries(), VALID_TIME, "{\"v\":1}") + "]").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        java.net.URI uri = java.net.URI.create("http://127.0.0.1:" + server.port() + "/v1/readings");

        // when
        String answer = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(uri)
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofByteArray(zipped.toByteArray())).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body();

        // then
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(answer).get("message").asText()).startsWith("the body is not valid JSON: byte 0x1f is"
                + " not JSON text (a gzip body needs Content-Encoding: gzip) (line 1, column ");
    }

    @Test
    void otherKeysOfAReadingAreIgnoredEvenWhenRepeated() {
        // given
        String s = newSeries();
        String body = "[{\"note\":1,\"series\":\"" + s + "\",\"time\":" + VALID_TIME
                + ",\"note\":[1,{\"a\":[2]}],\"fields\":{\"v\":1}}]";

        // when
        JsonNode report = api.post("/v1/readings", body).json();

        // then
        assertThat(report.get("accepted").asInt()).as(report.toString()).isEqualTo(1);
    }

    @Test
    void negativeZeroReadsBackAsNegativeZero() {
        // given
        String s = newSeries();

        // when
        api.post("/v1/readings", "[" + reading(s, VALID_TIME, "{\"minus\":-0.0,\"minusInt\":-0,\"plus\":0.0}") + "]");

        // then: the answer's JSON text keeps the sign, not only a parsed equality
        JsonNode fields = api.get("/v1/series/" + s + "/latest").json().get("fields");
        assertThat(Double.doubleToRawLongBits(fields.get("minus").doubleValue()))
                .isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(fields.get("minus").toString()).isEqualTo("-0.0");
        assertThat(fields.get("minusInt").toString()).isEqualTo("-0.0");
        assertThat(fields.get("plus").toString()).isEqualTo("0.0");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "1e-400 | field 'v' is 1E-400, which is too close to zero for a double: it would be stored as 0",
            "9007199254740993 | field 'v' is 9007199254740993, an integer a double cannot hold exactly",
            "12345678901234567890 | field 'v' is 12345678901234567890, an integer a double cannot hold exactly",
            "1e999 | field 'v' is 1E+999, which is not a finite number",
            "\"a\\ud800b\" | field 'v' has a lone surrogate \\ud800 at character 1; a text must be valid Unicode"})
    void aValueThatCannotBeKeptExactlyIsRefusedNamingWhy(String value, String message) {
        // given
        String s = newSeries();

        // when
        JsonNode report = api.post("/v1/readings", "[" + reading(s, VALID_TIME, "{\"v\":" + value + "}") + ","
                + reading(s, "\"2026-07-21T23:00:20Z\"", "{\"v\":9007199254740992}") + "]").json();

        // then
        assertThat(report.get("accepted").asInt()).isEqualTo(1);
        assertThat(report.get("rejected").get(0).get("reason").asText()).isEqualTo("INVALID_FIELD_VALUE");
        assertThat(report.get("rejected").get(0).get("message").asText()).startsWith(message);
        assertThat(api.get("/v1/series/" + s + "/latest").json().get("fields").get("v").asLong())
                .isEqualTo(9_007_199_254_740_992L);
    }

    @Test
    void aTimeInEpochSecondsGetsAHintInItsExpiredMessage() {
        // given: 2026-07-21T23:00:00Z in epoch seconds
        String body = "[" + reading(newSeries(), "1784674800", "{\"v\":1}") + "]";

        // when
        JsonNode rejection = api.post("/v1/readings", body).json().get("rejected").get(0);

        // then
        assertThat(rejection.get("reason").asText()).isEqualTo("EXPIRED");
        assertThat(rejection.get("message").asText())
                .endsWith("; 1784674800 looks like epoch seconds; times in epoch form are milliseconds");
    }

    @Test
    void aLongSeriesOrTimeIsEchoedCutToAHundredCharacters() {
        // given
        String body = "[{\"series\":\"" + "s".repeat(5000) + "\",\"time\":\"" + "9".repeat(5000)
                + "\",\"fields\":{\"v\":1}}]";

        // when
        JsonNode rejection = api.post("/v1/readings", body).json().get("rejected").get(0);

        // then
        assertThat(rejection.get("series").asText()).isEqualTo("s".repeat(100) + "…");
        assertThat(rejection.get("message").asText()).hasSizeLessThan(200);
    }
}
