package io.bucketry.server.http;

import io.bucketry.server.json.JsonErrors;
import io.bucketry.server.json.JsonValues;
import io.bucketry.server.json.ArrayElements;
import io.bucketry.server.json.ReadingReader;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.server.json.Json;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipException;

/**
 * Reads the body of an ingest request (complete in memory, see {@link IngestGate}) as a stream (inflated when it says {@code Content-Encoding: gzip}),
 * one reading at a time: at most {@code maxBytes} sent and inflated (413 beyond) and at most {@code maxBatchSize} readings (BATCH_TOO_LARGE as soon as one more
 * starts), so the work and memory of a request are bounded by the batch limit, not by the body.
 */
final class RequestBody {

    private final JsonFactory factory = Json.bodyParsers();
    private final ReadingReader reader = new ReadingReader(factory);
    private final long maxBytes;
    private final int maxBatchSize;

    RequestBody(long maxBytes, int maxBatchSize) {
        this.maxBytes = maxBytes;
        this.maxBatchSize = maxBatchSize;
    }

    /**
     * The readings of the body in request order, each a {@link ReadingInput} or, where its JSON cannot be
     * a reading, a {@link ReadingInput#refused refused} one saying what was wrong with it.
     */
    List<ReadingInput> readings(Context ctx, InputStream sent) {
        InputStream raw;
        try {
            raw = BodyDecoding.open(sent, ctx.header("Content-Encoding"), maxBytes, this::tooLarge);
        } catch (IOException e) {
            throw ApiException.badRequest("MALFORMED_JSON", "the body could not be read to its end");
        }
        try (InputStream in = raw) {
            ArrayElements elements = new ArrayElements(in);
            int first = elements.firstByte();
            if (first == -1) {
                throw ApiException.badRequest("MALFORMED_JSON", "the body is empty; expected a JSON array of readings");
            }
            if (first != '[') {
                throw notAnArray(elements.rest());
            }
            List<ReadingInput> inputs = new ArrayList<>();
            while (elements.next()) {
                if (inputs.size() == maxBatchSize) {
                    LimitedInput.discard(in);
                    throw new ApiException(400, "BATCH_TOO_LARGE", "the batch has more than the maximum of "
                            + maxBatchSize + " readings; split it into smaller batches");
                }
                ReadingReader.Outcome outcome = reader.read(inputs.size(), elements.element());
                Rejection misshapen = outcome.rejection();
                inputs.add(misshapen == null ? outcome.input()
                        : ReadingInput.refused(misshapen.series(), misshapen.time(), misshapen.reason(), misshapen.message()));
            }
            return inputs;
        } catch (ZipException e) {
            throw BodyDecoding.malformed(e);
        } catch (IOException e) {
            throw ApiException.badRequest("MALFORMED_JSON", "the body could not be read to its end");
        }
    }

    /** NOT_AN_ARRAY for a JSON value of another type, MALFORMED_JSON for a body that is no JSON at all. */
    private ApiException notAnArray(InputStream body) throws IOException {
        try (JsonParser parser = factory.createParser(body)) {
            JsonToken token = parser.nextToken();
            parser.skipChildren();
            if (parser.nextToken() != null) {
                return ApiException.badRequest("MALFORMED_JSON", "the body is not valid JSON: more than one value");
            }
            if (token == JsonToken.START_ARRAY) {
                return ApiException.badRequest("MALFORMED_JSON", "the body is a JSON array in another encoding than "
                        + "UTF-8; send it as UTF-8");
            }
            return ApiException.badRequest("NOT_AN_ARRAY", "the body is " + JsonValues.kind(token)
                    + ", not a JSON array; expected a JSON array of readings");
        } catch (JacksonException e) {
            JsonLocation at = e.getLocation();
            return ApiException.badRequest("MALFORMED_JSON", "the body is not valid JSON: " + JsonErrors.describe(e)
                    + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        }
    }

    ApiException tooLarge() {
        return new ApiException(413, "PAYLOAD_TOO_LARGE", "the body is larger than the limit of " + maxBytes
                + " bytes; send the readings in smaller batches");
    }
}
