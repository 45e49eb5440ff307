package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Tags over HTTP: JSON readings with tags, the tag and groupBy parameters, their refusals and answers. */
class TagsHttpTest extends ApiTestBase {

    private static final String RANGE = "from=2026-07-21T23:00:00Z&to=2026-07-21T23:10:00Z&window=10m";

    private static String tagged(String series, int minute, double value, String tags) {
        return "{\"series\":\"" + series + "\",\"time\":\"2026-07-21T23:0" + minute + ":00Z\",\"fields\":{\"v\":" + value
                + "}" + (tags == null ? "" : ",\"tags\":" + tags) + "}";
    }

    /** Three sensors: a in building 7 then moved to 8 at 23:05, b in 8, c in 7 of type hum. */
    private String storeBuildings() {
        String prefix = "tags-" + UUID.randomUUID() + "-";
        Answer stored = api.post("/v1/readings", "[" + String.join(",",
                tagged(prefix + "a", 1, 1, "{\"building\":\"7\",\"type\":\"temp\"}"),
                tagged(prefix + "a", 6, 2, "{\"building\":\"8\",\"type\":\"temp\"}"),
                tagged(prefix + "b", 2, 10, "{\"building\":\"8\",\"type\":\"temp\"}"),
                tagged(prefix + "c", 3, 100, "{\"building\":\"7\",\"type\":\"hum\"}"),
                tagged(prefix + "c", 4, 200, null)) + "]");
        assertThat(stored.json().get("accepted").asInt()).isEqualTo(5);
        return prefix;
    }

    @Test
    void groupByAnswersOneEntryPerGroupWithItsValuesSeriesAndWindows() {
        // given
        String prefix = storeBuildings();

        // when
        Answer answer = api.get("/v1/aggregates?" + RANGE + "&groupBy=building&tag=type:temp,hum&tag=building");

        // then: each group's windows have no series; building 7 holds a's first reading and c's two
        assertThat(answer.status()).isEqualTo(200);
        JsonNode seven = find(answer.json(), "7");
        assertThat(seven.get("series").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(seven.get("windows").get(0).has("series")).isFalse();
        Answer mine = api.get("/v1/series?prefix=" + prefix + "&tag=building:7");
        assertThat(mine.json().get("series")).extracting(s -> s.get("id").asText()).containsExactly(prefix + "c");
        assertThat(mine.json().get("series").get(0).get("tags").get("type").asText()).isEqualTo("hum");
    }

    private static JsonNode find(JsonNode groups, String building) {
        for (JsonNode group : groups) {
            if (building.equals(group.get("group").get("building").asText(null))) {
                return group;
            }
        }
        throw new AssertionError("no group of building " + building + " in " + groups);
    }

    @Test
    void aFilteredAggregateOfOneSeriesCountsOnlyTheReadingsWrittenWithMatchingTags() {
        String prefix = storeBuildings();

        Answer eight = api.get("/v1/series/" + prefix + "a/aggregates?" + RANGE + "&tag=building:8");
        Answer all = api.get("/v1/series/" + prefix + "a/aggregates?" + RANGE);

        assertThat(eight.json().get(0).get("count").asInt()).isEqualTo(1);
        assertThat(eight.json().get(0).get("fields").get("v").get("sum").asDouble()).isEqualTo(2.0);
        assertThat(all.json().get(0).get("count").asInt()).isEqualTo(2);
    }

    @Test
    void latestByTagsAnswersEachMatchingSeriesLatestReadingWithItsTags() {
        String prefix = storeBuildings();

        Answer answer = api.get("/v1/latest?tag=building:8&limit=1000");

        assertThat(answer.status()).isEqualTo(200);
        JsonNode a = null;
        for (JsonNode reading : answer.json()) {
            if (reading.get("series").asText().equals(prefix + "a")) {
                a = reading;
            }
        }
        assertThat(a).as("a's latest building is 8").isNotNull();
        assertThat(a.get("time").asText()).isEqualTo("2026-07-21T23:06:00Z");
        assertThat(a.get("tags").get("building").asText()).isEqualTo("8");
    }

    @Test
    void aBadTagFilterOrGroupByIsA400NamingIt() {
        Answer badKey = api.get("/v1/aggregates?" + RANGE + "&tag=1floor:2");
        Answer emptyValue = api.get("/v1/series?tag=building:");
        Answer twice = api.get("/v1/aggregates?" + RANGE + "&groupBy=building,building");
        Answer noFilter = api.get("/v1/latest");

        assertThat(badKey.status()).isEqualTo(400);
        assertThat(badKey.error()).isEqualTo("INVALID_TAG_FILTER");
        assertThat(badKey.json().get("message").asText()).contains("tag key '1floor' must start with a letter");
        assertThat(emptyValue.error()).isEqualTo("INVALID_TAG_FILTER");
        assertThat(emptyValue.json().get("message").asText()).contains("empty value");
        assertThat(twice.error()).isEqualTo("INVALID_GROUP_BY");
        assertThat(noFilter.error()).isEqualTo("INVALID_FILTER");
    }

    @Test
    void aReadingWithTagsThatAreNoTextIsRejectedInTheReport() {
        Answer answer = api.post("/v1/readings", "[" + tagged(newSeries(), 1, 1, "{\"floor\":2}") + "]");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("rejected").get(0).get("reason").asText()).isEqualTo("INVALID_TAG");
        assertThat(answer.json().get("rejected").get(0).get("message").asText())
                .isEqualTo("tag 'floor' must be a JSON string, got a number");
    }

    @Test
    void aValueListEscapesItsCommas() {
        String series = newSeries();
        api.post("/v1/readings", "[" + tagged(series, 1, 1, "{\"room\":\"a,b\"}") + "]");

        Answer answer = api.get("/v1/series?prefix=" + series + "&tag=room:x,a%5C,b");

        assertThat(answer.json().get("series")).extracting(s -> s.get("id").asText()).containsExactly(series);
    }
}
