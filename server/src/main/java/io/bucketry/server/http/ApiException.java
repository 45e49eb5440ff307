package io.bucketry.server.http;

/** An HTTP error answer decided by a route: status, stable code and message. */
final class ApiException extends RuntimeException {

    private final int status;
    private final String code;

    ApiException(int status, String code, String message) {
        super(message);
        this.status = status;
        this.code = code;
    }

    static ApiException notFound(String message) {
        return new ApiException(404, "NOT_FOUND", message);
    }

    static ApiException badRequest(String code, String message) {
        return new ApiException(400, code, message);
    }

    int status() {
        return status;
    }

    String code() {
        return code;
    }
}
