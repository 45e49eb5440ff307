package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code POST /v1/readings} with a CSV body of tag and measurement columns, and the CSV export of tags (issue 32). */
class CsvTagsHttpTest extends ApiTestBase {

    private static final String CSV = "text/csv";

    private String exported(String path) throws IOException, InterruptedException {
        HttpResponse<byte[]> answer = getBytes(path);
        assertThat(answer.statusCode()).isEqualTo(200);
        return new String(answer.body(), StandardCharsets.UTF_8);
    }

    private static List<String> tagsOfEachReading(JsonNode readings) {
        List<String> tags = new ArrayList<>();
        readings.forEach(r -> tags.add(r.path("measurement").asText("-") + " " + r.path("tags")));
        return tags;
    }

    @Test
    void aCsvBodyWithTagColumnsStoresEachReadingWithItsTagsAndRefusesAMalformedCellAlone() {
        // given: a re-tag after the second record, a record without tags, and a tag cell holding an empty text
        String series = newSeries();
        String body = "series,time,_measurement,tag.building,tag.floor,temperature\r\n"
                + series + ",2026-07-21T23:00:00Z,climate,7,2,20\r\n"
                + series + ",2026-07-21T23:01:00Z,climate,7,2,21\r\n"
                + series + ",2026-07-21T23:02:00Z,,8,,22\r\n"
                + series + ",2026-07-21T23:03:00Z,,8,\"\",23\r\n"
                + series + ",2026-07-21T23:04:00Z,,,,24\r\n";

        // when
        Api.Answer answer = api.post("/v1/readings", CSV, body.getBytes(StandardCharsets.UTF_8));

        // then
        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        assertThat(answer.json().get("accepted").asInt()).isEqualTo(4);
        JsonNode rejected = answer.json().get("rejected");
        assertThat(rejected).hasSize(1);
        assertThat(rejected.get(0).get("index").asInt()).isEqualTo(3);
        assertThat(rejected.get(0).get("reason").asText()).isEqualTo("INVALID_TAG");
        assertThat(rejected.get(0).get("message").asText()).isEqualTo("column 5 (tag.floor): tag 'floor' has an empty"
                + " value; a tag value is a text of 1-256 characters");
        assertThat(tagsOfEachReading(api.get("/v1/series/" + series + "/readings").json())).containsExactly(
                "climate {\"building\":\"7\",\"floor\":\"2\"}", "climate {\"building\":\"7\",\"floor\":\"2\"}",
                "- {\"building\":\"8\"}", "- ");
        assertThat(api.get("/v1/series/" + series + "/aggregates?window=1h&tag=building:8").json().get(0).get("count")
                .asInt()).as("the readings of building 8").isEqualTo(1);
    }

    @Test
    void aCsvExportPostedBackAfterTheSeriesIsDeletedGivesEveryReadingItsTagsAgain() throws Exception {
        // given: a series re-tagged, then untagged
        String series = newSeries();
        Api.Answer stored = api.post("/v1/readings", "[" + String.join(",",
                "{\"series\":\"" + series + "\",\"time\":\"2026-07-21T23:00:00Z\",\"fields\":{\"v\":1},"
                        + "\"measurement\":\"m\",\"tags\":{\"building\":\"7\",\"room\":\"a, \\\"b\\\"\"}}",
                "{\"series\":\"" + series + "\",\"time\":\"2026-07-21T23:01:00Z\",\"fields\":{\"v\":2},"
                        + "\"tags\":{\"building\":\"8\"}}",
                "{\"series\":\"" + series + "\",\"time\":\"2026-07-21T23:02:00Z\",\"fields\":{\"v\":3},\"tags\":{}}") + "]");
        assertThat(stored.json().get("accepted").asInt()).isEqualTo(3);
        String ndjson = exported("/v1/series/" + series + "/export");
        String csv = exported("/v1/series/" + series + "/export?format=csv");

        // when
        assertThat(api.delete("/v1/series/" + series).status()).isLessThan(300);
        Api.Answer again = api.post("/v1/readings", CSV, csv.getBytes(StandardCharsets.UTF_8));

        // then
        assertThat(csv).startsWith("series,time,_measurement,tag.building,tag.room,v\r\n");
        assertThat(again.json().get("accepted").asInt()).as(again.json().toString()).isEqualTo(3);
        assertThat(exported("/v1/series/" + series + "/export")).as("the exact form").isEqualTo(ndjson);
    }
}
