package io.bucketry.server.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.bucketry.server.json.Json;
import io.javalin.http.Context;
import org.eclipse.jetty.server.Request;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.function.Function;
import java.util.zip.GZIPOutputStream;

/**
 * A JSON array answer written one element at a time to the response, each element turned into its view
 * only when written: the server holds the store's answer and one view, never the whole text (a 100,000
 * reading answer is about 13 MB of JSON). Gzip when the client accepts it, as export does.
 */
final class StreamedArray {

    private static final Logger LOG = LoggerFactory.getLogger(StreamedArray.class);
    /** The one mapper of every answer: it keeps the serializers it builds per view type (one per answer built them anew). */
    private static final ObjectMapper MAPPER = Json.mapper();
    private static final JsonFactory GENERATORS = MAPPER.getFactory();

    private StreamedArray() {
    }

    /** Answers {@code 200} with {@code items} as a JSON array of {@code view(item)}, each written as {@code type}. */
    static <T, V> void answer(Context ctx, List<T> items, Class<V> type, Function<T, V> view) {
        ObjectWriter writer = MAPPER.writerFor(type).without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
        write(ctx, "application/json", "answer", out -> {
            try (JsonGenerator generator = writer.createGenerator(out)) {
                generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                generator.writeStartArray();
                for (T item : items) {
                    writer.writeValue(generator, view.apply(item));
                }
                generator.writeEndArray();
            }
        });
    }

    /** What writes an answer through a JSON generator. */
    interface Generated {
        void writeTo(JsonGenerator out) throws IOException;
    }

    /** Answers {@code 200} with the JSON that {@code body} generates, streamed as {@link #write} does. */
    static void generate(Context ctx, Generated body) {
        write(ctx, "application/json", "answer", out -> {
            try (JsonGenerator generator = GENERATORS.createGenerator(out)) {
                generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                body.writeTo(generator);
            }
        });
    }

    /** Counts what is written to it, and drops it. */
    private static final class CountingStream extends OutputStream {
        private long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            count += length;
        }
    }

    /** What writes an answer's bytes. */
    interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Answers {@code 200} of {@code contentType} with what {@code body} writes, gzip-compressed when the request
     * accepts it; a failure once the answer began cuts the connection (logged as the {@code what} cut), so the
     * client sees a cut answer, not a {@code 200} with a short body.
     */
    static void write(Context ctx, String contentType, String what, Body body) {
        boolean gzip = ExportRoutes.acceptsGzip(ctx.header("Accept-Encoding"));
        ctx.status(200).contentType(contentType).header("Vary", "Accept-Encoding");
        if (gzip) {
            ctx.header("Content-Encoding", "gzip");
        }
        boolean head = ctx.req().getMethod().equals("HEAD");
        try {
            // HEAD: the answer is written and counted, not sent, so its Content-Length is the one GET's body has
            CountingStream counted = head ? new CountingStream() : null;
            OutputStream raw = head ? counted : ctx.res().getOutputStream();
            OutputStream out = gzip ? new GZIPOutputStream(raw, 1 << 16) : raw;
            body.writeTo(out);
            if (out instanceof GZIPOutputStream compressed) {
                compressed.finish();
            }
            raw.flush();
            if (head) {
                ctx.res().setContentLengthLong(counted.count);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("{} {}: {} cut after the answer began: {}", ctx.method(), ctx.path(), what, e.toString());
            Request.getBaseRequest(ctx.req()).getHttpChannel().abort(e);
        }
    }
}
