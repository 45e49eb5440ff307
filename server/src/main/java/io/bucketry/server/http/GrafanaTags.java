package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.domain.GroupBy;
import io.bucketry.domain.Quote;
import io.bucketry.domain.TagFilter.Condition;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The tag parts of a Grafana query: the query's ad-hoc filters ({@code adhocFilters: [{key, operator: "=",
 * value}]}, as simpod-json-datasource sends them) and a target payload's {@code tag} (one condition or a list,
 * each as the HTTP API's {@code tag=} parameter) and {@code groupBy} (keys separated by commas, or a list).
 * Every condition must hold. INVALID_TAG_FILTER or INVALID_GROUP_BY, naming what was sent.
 */
final class GrafanaTags {

    /** The only ad-hoc operator a tag condition can express. */
    static final String EQUALS = "=";

    private GrafanaTags() {
    }

    /** The conditions of the query's {@code adhocFilters}; none when absent. */
    static List<Condition> adhoc(JsonNode body) {
        JsonNode filters = body.path("adhocFilters");
        if (filters.isMissingNode() || filters.isNull()) {
            return List.of();
        }
        if (!filters.isArray()) {
            throw invalidFilter("adhocFilters must be a list of {\"key\", \"operator\": \"=\", \"value\"}, got " + filters);
        }
        List<Condition> conditions = new ArrayList<>();
        for (JsonNode filter : filters) {
            JsonNode key = filter.path("key");
            JsonNode operator = filter.path("operator");
            JsonNode value = filter.path("value");
            if (!key.isTextual() || !operator.isTextual() || !value.isTextual()) {
                throw invalidFilter("an ad-hoc filter needs a text key, operator and value, got " + filter);
            }
            String said = key.asText() + " " + operator.asText() + " " + value.asText();
            if (!EQUALS.equals(operator.asText())) {
                throw invalidFilter("ad-hoc filter " + Quote.of(said) + ": operator " + Quote.of(operator.asText())
                        + " is not supported; tags can only be filtered with " + EQUALS);
            }
            try {
                conditions.add(new Condition(key.asText(), Set.of(value.asText())));
            } catch (IllegalArgumentException e) {
                throw invalidFilter("ad-hoc filter " + Quote.of(said) + ": " + e.getMessage());
            }
        }
        return conditions;
    }

    /** The conditions of a target payload's {@code tag}: a text or a list of texts; none when absent. */
    static List<Condition> payloadConditions(JsonNode payload) {
        List<Condition> conditions = new ArrayList<>();
        for (String text : texts(payload, "tag", "INVALID_TAG_FILTER")) {
            conditions.add(TagParams.condition(text));
        }
        return conditions;
    }

    /** A target payload's {@code groupBy}: keys in a text separated by commas, or a list of keys; null when absent. */
    static GroupBy groupBy(JsonNode payload) {
        List<String> keys = texts(payload, "groupBy", "INVALID_GROUP_BY");
        return keys.isEmpty() ? null : TagParams.groupBy(String.join(",", keys));
    }

    private static List<String> texts(JsonNode payload, String name, String code) {
        JsonNode node = payload.path(name);
        if (node.isMissingNode() || node.isNull()) {
            return List.of();
        }
        if (node.isTextual()) {
            return List.of(node.asText());
        }
        List<String> texts = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(item -> texts.add(item.isTextual() ? item.asText() : null));
        }
        if (!node.isArray() || texts.isEmpty() || texts.contains(null)) {
            throw ApiException.badRequest(code, "payload." + name + " must be a text or a non-empty list of texts, got " + node);
        }
        return texts;
    }

    private static ApiException invalidFilter(String message) {
        return ApiException.badRequest("INVALID_TAG_FILTER", message);
    }
}
