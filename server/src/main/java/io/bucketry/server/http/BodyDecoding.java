package io.bucketry.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.zip.ZipException;

/**
 * The body of an ingest request (JSON or line protocol) as a stream, inflated strictly when it says
 * {@code Content-Encoding: gzip}: both the bytes sent and the bytes inflated are held to the body limit
 * (413 past it, so a gzip bomb stops there), and a body that is not gzip, is cut off, or has bytes after
 * its gzip stream is {@code 400 MALFORMED_GZIP}.
 */
final class BodyDecoding {

    private BodyDecoding() {
    }

    /** {@code raw} decoded as its {@code Content-Encoding} says; 415 for an encoding other than gzip. */
    static InputStream open(InputStream raw, String encoding, long maxBytes, Supplier<ApiException> tooLarge)
            throws IOException {
        if (encoding == null || encoding.isBlank() || encoding.strip().equalsIgnoreCase("identity")) {
            return raw;
        }
        if (encoding.strip().toLowerCase(Locale.ROOT).equals("gzip")) {
            try {
                return new LimitedInput(new StrictGzipInput(raw), maxBytes, tooLarge);
            } catch (ZipException e) {
                throw malformed(e);
            }
        }
        throw new ApiException(415, "UNSUPPORTED_ENCODING", "Content-Encoding '" + encoding
                + "' is not supported; send the body as is or gzip");
    }

    /** The answer to a body marked gzip that could not be inflated to its end. */
    static ApiException malformed(ZipException e) {
        return ApiException.badRequest("MALFORMED_GZIP", "the body is marked Content-Encoding: gzip but is not "
                + "valid gzip: " + e.getMessage());
    }

    static ApiException tooLarge(long maxBytes) {
        return new ApiException(413, "PAYLOAD_TOO_LARGE", "the body is larger than the limit of " + maxBytes
                + " bytes; send the lines in smaller writes");
    }
}
