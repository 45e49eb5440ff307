package io.bucketry.server.http;

import io.bucketry.server.json.JsonErrors;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.application.port.in.TimeInput;
import io.bucketry.server.json.Json;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * The JSON object body of a Grafana request, read whole but at most {@code maxBytes} (413 beyond),
 * and its parts with the API's errors: MALFORMED_JSON, NOT_AN_OBJECT, INVALID_RANGE, INVALID_TIME.
 */
final class GrafanaBody {

    private final ObjectMapper mapper = Json.mapper();
    private final long maxBytes;

    GrafanaBody(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** The body as an object; an empty body is {@code {}} unless {@code required}. */
    JsonNode read(Context ctx, boolean required) {
        if (ctx.req().getContentLengthLong() > maxBytes) {
            throw tooLarge();
        }
        JsonNode body;
        try (InputStream in = new LimitedInput(ctx.req().getInputStream(), maxBytes, this::tooLarge)) {
            body = mapper.readTree(in);
        } catch (JacksonException e) {
            JsonLocation at = e.getLocation();
            throw ApiException.badRequest("MALFORMED_JSON", "the body is not valid JSON: " + JsonErrors.describe(e)
                    + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        } catch (IOException e) {
            throw ApiException.badRequest("MALFORMED_JSON", "the body could not be read to its end");
        }
        if (body == null || body.isMissingNode()) {
            if (required) {
                throw ApiException.badRequest("MALFORMED_JSON", "the body is empty; expected a JSON object");
            }
            return mapper.createObjectNode();
        }
        if (!body.isObject()) {
            throw ApiException.badRequest("NOT_AN_OBJECT", "the body is " + kind(body) + ", not a JSON object");
        }
        return body;
    }

    /** {@code [range.from, range.to)} of a query or an annotation request, from before to. */
    static Instant[] range(JsonNode body) {
        JsonNode range = body.path("range");
        if (!range.isObject()) {
            throw ApiException.badRequest("INVALID_RANGE", "the body needs \"range\": {\"from\": …, \"to\": …} "
                    + "(ISO-8601 or epoch milliseconds)");
        }
        Instant from = time(range, "from");
        Instant to = time(range, "to");
        if (!from.isBefore(to)) {
            throw ApiException.badRequest("INVALID_RANGE", "range.from " + from + " is not before range.to " + to);
        }
        return new Instant[] {from, to};
    }

    /** An optional positive whole number, null when absent; {@code code} when it is anything else. */
    static Long positive(JsonNode body, String name, String code) {
        JsonNode node = body.path(name);
        if (node.isMissingNode() || node.isNull()) {
            return null;
        }
        BigDecimal value = node.isNumber() ? node.decimalValue() : null;
        if (value == null || value.signum() <= 0 || value.stripTrailingZeros().scale() > 0
                || value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw ApiException.badRequest(code, name + " must be a positive whole number, got " + node);
        }
        return value.longValueExact();
    }

    private static Instant time(JsonNode range, String name) {
        JsonNode node = range.path(name);
        if (node.isMissingNode() || node.isNull()) {
            throw ApiException.badRequest("INVALID_RANGE", "range." + name + " is missing");
        }
        if (node.isContainerNode()) {
            throw ApiException.badRequest("INVALID_RANGE", "range." + name + " is " + kind(node)
                    + "; expected ISO-8601 text or epoch milliseconds");
        }
        return TimeInput.parseBound(node.isNumber() ? node.numberValue() : node.asText());
    }

    private static String kind(JsonNode node) {
        return switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> "nothing";
        };
    }

    private ApiException tooLarge() {
        return new ApiException(413, "PAYLOAD_TOO_LARGE", "the body is larger than the limit of " + maxBytes + " bytes");
    }
}
