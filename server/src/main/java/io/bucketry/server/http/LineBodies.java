package io.bucketry.server.http;

import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * The body of a line-protocol write as a stream, inflated when it says {@code Content-Encoding: gzip};
 * both the bytes sent and the bytes inflated are held to the body limit (413 past it).
 */
final class LineBodies {

    private LineBodies() {
    }

    static InputStream open(Context ctx, long maxBytes) throws IOException {
        InputStream raw = new LimitedInput(ctx.req().getInputStream(), maxBytes, () -> tooLarge(maxBytes));
        String encoding = ctx.header("Content-Encoding");
        if (encoding == null || encoding.isBlank() || encoding.strip().equalsIgnoreCase("identity")) {
            return raw;
        }
        if (encoding.strip().toLowerCase(Locale.ROOT).equals("gzip")) {
            return new LimitedInput(new GZIPInputStream(raw, 64 * 1024), maxBytes, () -> tooLarge(maxBytes));
        }
        throw new ApiException(415, "UNSUPPORTED_ENCODING", "Content-Encoding '" + encoding
                + "' is not supported; send the body as is or gzip");
    }

    static ApiException tooLarge(long maxBytes) {
        return new ApiException(413, "PAYLOAD_TOO_LARGE", "the body is larger than the limit of " + maxBytes
                + " bytes; send the lines in smaller writes");
    }
}
