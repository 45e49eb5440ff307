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
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.server.json.Json;
import io.bucketry.server.transfer.ExportFormat;
import io.bucketry.server.transfer.InputStopsException;
import io.bucketry.server.transfer.ReadingRecords;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipException;

/**
 * Reads the body of an ingest request (complete in memory, see {@link IngestGate}; a JSON array, NDJSON or CSV by
 * its {@code Content-Type}) as a stream (inflated when it says {@code Content-Encoding: gzip}),
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
     * The readings of the body in request order, each a {@link ReadingInput} or, where it cannot be a reading,
     * a {@link ReadingInput#refused refused} one saying what was wrong with it: a JSON array, or NDJSON or CSV
     * when its {@code Content-Type} says so ({@link #format}).
     */
    List<ReadingInput> readings(Context ctx, InputStream sent) {
        ExportFormat format = format(ctx.header("Content-Type"));
        InputStream raw;
        try {
            raw = BodyDecoding.open(sent, ctx.header("Content-Encoding"), maxBytes, this::tooLarge);
        } catch (IOException e) {
            throw ApiException.badRequest(unreadable(format), "the body could not be read to its end");
        }
        try (InputStream in = raw) {
            return format == null ? array(in) : records(format, in);
        } catch (ZipException e) {
            throw BodyDecoding.malformed(e);
        } catch (InputStopsException e) {
            throw ApiException.badRequest(unreadable(format), e.getMessage() + "; nothing was stored");
        } catch (IOException e) {
            throw ApiException.badRequest(unreadable(format), "the body could not be read to its end");
        }
    }

    /**
     * The format a {@code Content-Type} names: NDJSON for {@code application/x-ndjson} (what an export
     * answers), {@code application/ndjson}, {@code application/jsonl} and {@code application/x-jsonlines};
     * CSV for {@code text/csv}; null (a JSON array, as before these were read) for any other or none, since
     * clients send JSON under many types ({@code curl -d} says {@code application/x-www-form-urlencoded}).
     */
    static ExportFormat format(String contentType) {
        if (contentType == null) {
            return null;
        }
        int parameters = contentType.indexOf(';');
        String type = (parameters < 0 ? contentType : contentType.substring(0, parameters)).strip()
                .toLowerCase(Locale.ROOT);
        return switch (type) {
            case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines" ->
                    ExportFormat.NDJSON;
            case "text/csv" -> ExportFormat.CSV;
            default -> null;
        };
    }

    private static String unreadable(ExportFormat format) {
        return format == ExportFormat.CSV ? "MALFORMED_CSV" : "MALFORMED_JSON";
    }

    private List<ReadingInput> array(InputStream in) throws IOException {
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
                throw batchTooLarge(in);
            }
            inputs.add(reader.read(inputs.size(), elements.element()).entry());
        }
        return inputs;
    }

    /** The lines of NDJSON or records of CSV, each read as the import of a file reads it. */
    private List<ReadingInput> records(ExportFormat format, InputStream in) throws IOException {
        ReadingRecords records = format.records(in);
        List<ReadingInput> inputs = new ArrayList<>();
        for (ReadingRecords.Entry entry = records.next(); entry != null; entry = records.next()) {
            if (inputs.size() == maxBatchSize) {
                throw batchTooLarge(in);
            }
            inputs.add(entry.input());
        }
        return inputs;
    }

    private ApiException batchTooLarge(InputStream in) throws IOException {
        LimitedInput.discard(in);
        return new ApiException(400, "BATCH_TOO_LARGE", "the batch has more than the maximum of "
                + maxBatchSize + " readings; split it into smaller batches");
    }

    /** NOT_AN_ARRAY for a JSON value of another type, MALFORMED_JSON for a body that is no JSON at all. */
    private ApiException notAnArray(InputStream body) throws IOException {
        try (JsonParser parser = factory.createParser(body)) {
            JsonToken token = parser.nextToken();
            parser.skipChildren();
            if (parser.nextToken() != null) {
                return ApiException.badRequest("MALFORMED_JSON", "the body is not valid JSON: more than one value; "
                        + "send NDJSON (one reading per line, as an export writes) with Content-Type: application/x-ndjson");
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
