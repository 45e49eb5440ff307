package io.bucketry.bootstrap.http;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;

/** Reads a request body of at most {@code maxBytes} and parses it as a JSON array (413 / 400 otherwise). */
final class RequestBody {

    private final ObjectMapper mapper;
    private final long maxBytes;

    RequestBody(ObjectMapper mapper, long maxBytes) {
        this.mapper = mapper;
        this.maxBytes = maxBytes;
    }

    JsonNode jsonArray(Context ctx) {
        JsonNode root;
        try {
            root = mapper.readTree(bytes(ctx));
        } catch (JacksonException e) {
            throw ApiException.badRequest("MALFORMED_JSON", "the body is not valid JSON: "
                    + e.getOriginalMessage().lines().findFirst().orElse("")
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ")"));
        } catch (IOException e) {
            throw ApiException.badRequest("MALFORMED_JSON", "the body could not be read: " + e.getMessage());
        }
        if (root == null || root.isMissingNode()) {
            throw ApiException.badRequest("MALFORMED_JSON", "the body is empty; expected a JSON array of readings");
        }
        if (!root.isArray()) {
            throw ApiException.badRequest("NOT_AN_ARRAY", "the body is a JSON " + root.getNodeType().name().toLowerCase()
                    + "; expected a JSON array of readings");
        }
        return root;
    }

    private byte[] bytes(Context ctx) throws IOException {
        long declared = ctx.req().getContentLengthLong();
        if (declared > maxBytes) {
            throw tooLarge();
        }
        try (InputStream in = ctx.req().getInputStream()) {
            byte[] body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (body.length > maxBytes) {
                throw tooLarge();
            }
            return body;
        }
    }

    private ApiException tooLarge() {
        return new ApiException(413, "PAYLOAD_TOO_LARGE", "the body is larger than the limit of " + maxBytes
                + " bytes; send the readings in smaller batches");
    }
}
