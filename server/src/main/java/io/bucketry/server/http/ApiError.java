package io.bucketry.server.http;

/** The body of every error answer: {@code {"error": CODE, "message": …}}. */
public record ApiError(String error, String message) {
}
