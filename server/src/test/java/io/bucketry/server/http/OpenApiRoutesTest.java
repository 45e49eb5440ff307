package io.bucketry.server.http;

import io.javalin.Javalin;
import io.javalin.router.Endpoint;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every route the running server has (read from Javalin's router, HEAD and OPTIONS included) is in
 * the OpenAPI document with the same methods, and every operation of the document is a route.
 */
class OpenApiRoutesTest extends ApiTestBase {

    private final OpenApiSpec spec = OpenApiSpec.load();

    /** Path to methods of every HTTP handler of the server's Javalin (ApiServer keeps no other list of them). */
    private Map<String, Set<String>> serverRoutes() throws ReflectiveOperationException {
        Field field = ApiServer.class.getDeclaredField("app");
        field.setAccessible(true);
        Javalin app = (Javalin) field.get(server);
        Map<String, Set<String>> routes = new TreeMap<>();
        app.unsafeConfig().pvt.internalRouter.allHttpHandlers().stream().map(e -> e.getEndpoint())
                .forEach((Endpoint e) -> routes.computeIfAbsent(e.getPath(), p -> new TreeSet<>()).add(e.getMethod().name()));
        return routes;
    }

    /** "METHOD path" of every route of {@code routes} that {@code other} lacks. */
    static List<String> missingFrom(Map<String, Set<String>> other, Map<String, Set<String>> routes) {
        List<String> missing = new ArrayList<>();
        routes.forEach((path, methods) -> methods.stream()
                .filter(method -> !other.getOrDefault(path, Set.of()).contains(method))
                .forEach(method -> missing.add(method + " " + path)));
        return missing;
    }

    @Test
    void everyRouteOfTheServerIsDescribedWithTheSameMethods() throws Exception {
        Map<String, Set<String>> routes = serverRoutes();

        List<String> undescribed = missingFrom(spec.operations(), routes);

        assertThat(routes).containsKeys("/v1/readings", "/health", OpenApiRoute.PATH);
        assertThat(undescribed).as("routes of the server that openapi.json does not describe; describe them in "
                + "server/src/main/resources/io/bucketry/server/http/openapi.json").isEmpty();
    }

    @Test
    void everyOperationOfTheDocumentIsARouteOfTheServer() throws Exception {
        List<String> unserved = missingFrom(serverRoutes(), spec.operations());

        assertThat(unserved).as("operations of openapi.json that the server does not have").isEmpty();
    }

    @Test
    void aRouteLeftOutOfTheDocumentIsNamed() throws Exception {
        // given: the document without /v1/stats, and without DELETE of a series
        Map<String, Set<String>> document = new TreeMap<>(spec.operations());
        document.remove("/v1/stats");
        document.put("/v1/series/{id}", Set.of("OPTIONS"));

        // when
        List<String> undescribed = missingFrom(document, serverRoutes());

        // then
        assertThat(undescribed).containsExactlyInAnyOrder("GET /v1/stats", "HEAD /v1/stats", "OPTIONS /v1/stats",
                "DELETE /v1/series/{id}");
    }

    @Test
    void theDocumentIsServedAsJsonWithHeadAndOptions() throws Exception {
        Api.Answer get = api.get(OpenApiRoute.PATH);
        RawHttp.Response head;
        RawHttp.Response options;
        try (RawHttp http = new RawHttp(server.port())) {
            head = http.send("HEAD " + OpenApiRoute.PATH + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").readHead();
        }
        try (RawHttp http = new RawHttp(server.port())) {
            options = http.exchange("OPTIONS " + OpenApiRoute.PATH + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        }

        assertThat(get.status()).isEqualTo(200);
        assertThat(get.contentType()).startsWith("application/json");
        assertThat(get.json()).isEqualTo(spec.document());
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.header("Content-Type")).startsWith("application/json");
        assertThat(head.body()).isEmpty();
        assertThat(options.status()).isEqualTo(204);
        assertThat(new TreeSet<>(List.of(options.header("Allow").split(",\\s*")))).containsExactly("GET", "HEAD", "OPTIONS");
    }
}
