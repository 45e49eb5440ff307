package io.bucketry.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Jetty's own error answers (a malformed request line or header, {@code %00} in a path, a URI or
 * headers over Jetty's limits, Content-Length beside Transfer-Encoding, an unsupported HTTP version or
 * Expect header, a request refused while stopping) as
 * {@code {"error": CODE, "message": …}}, like every other error, instead of an HTML page.
 */
final class JsonErrorHandler extends ErrorHandler {

    private final ObjectMapper mapper;
    private final int headerLimit;

    /** @param headerLimit Jetty's limit on the request line and headers, in bytes, for the 414 and 431 messages */
    JsonErrorHandler(ObjectMapper mapper, int headerLimit) {
        this.mapper = mapper;
        this.headerLimit = headerLimit;
    }

    @Override
    public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        baseRequest.setHandled(true);
        int status = response.getStatus();
        Object reason = request.getAttribute(RequestDispatcher.ERROR_MESSAGE);
        byte[] body = body(status, reason == null ? null : reason.toString());
        response.setContentType(LastResort.CONTENT_TYPE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, LastResort.CONTENT_TYPE);
        return ByteBuffer.wrap(body(status, reason));
    }

    private byte[] body(int status, String reason) {
        if (status == 500) {
            return LastResort.body();
        }
        try {
            return mapper.writeValueAsBytes(new ApiError(ErrorMapping.codeOf(status), message(status, reason)));
        } catch (JsonProcessingException e) {
            return LastResort.body();
        }
    }

    private String message(int status, String reason) {
        return switch (status) {
            case 414 -> "the request URI is longer than the limit of " + headerLimit + " bytes";
            case 431 -> "the request headers are larger than the limit of " + headerLimit + " bytes";
            case 417 -> "the Expect header is not supported; the only expectation answered is 'Expect: 100-continue'";
            case 426 -> "HTTP/2 is not supported (the request began with the HTTP/2 preface 'PRI *'); send HTTP/1.1";
            case 503 -> "the server is stopping and takes no new requests; send the request again to a running server";
            case 505 -> "the request line names no supported HTTP version"
                    + (informative(status, reason) ? " (" + reason + ")" : "") + "; send 'METHOD /path HTTP/1.1'";
            default -> "the HTTP request is malformed: " + (informative(status, reason) ? reason
                    : "its request line, a header (such as a Content-Length that is not a whole number of bytes "
                    + "within range) or its path (such as %00) is not valid HTTP");
        };
    }

    /** True when Jetty's reason says more than the status line. */
    private static boolean informative(int status, String reason) {
        return reason != null && !reason.isBlank() && !reason.equalsIgnoreCase(HttpStatus.getMessage(status));
    }
}
