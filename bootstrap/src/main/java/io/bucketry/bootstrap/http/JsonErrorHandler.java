package io.bucketry.bootstrap.http;

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
 * headers over Jetty's limits, Content-Length beside Transfer-Encoding) as
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
        if (status >= 500) {
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
            default -> "the HTTP request is malformed: " + (reason == null || reason.isBlank()
                    || reason.equalsIgnoreCase(HttpStatus.getMessage(status))
                    ? "its path or a header holds a character or an escape that is not allowed (such as %00)"
                    : reason);
        };
    }
}
