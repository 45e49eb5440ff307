package io.bucketry.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Serves {@code GET /openapi.json}: the OpenAPI 3.1 document of this API, the hand-written resource
 * {@code openapi.json} beside this class (tests check it against the server's routes and answers).
 */
final class OpenApiRoute {

    static final String PATH = "/openapi.json";

    private OpenApiRoute() {
    }

    static void register(RouteTable routes) {
        byte[] document = document();
        routes.get(PATH, ctx -> ctx.contentType(LastResort.CONTENT_TYPE).result(document));
    }

    /** The document's bytes, read from the class path. */
    static byte[] document() {
        try (InputStream in = OpenApiRoute.class.getResourceAsStream("openapi.json")) {
            if (in == null) {
                throw new IllegalStateException("the OpenAPI document openapi.json is missing from the class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the OpenAPI document openapi.json", e);
        }
    }
}
