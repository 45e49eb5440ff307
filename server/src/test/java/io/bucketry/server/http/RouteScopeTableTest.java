package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.security.Scope;
import io.javalin.http.HandlerType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every route the server registers has a scope, and each scope lets through exactly the routes it should:
 * a route added without a scope, or with another one than this table says, fails here.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RouteScopeTableTest {

    /** The route → scope table of docs/reference/security.md. */
    static final Map<String, String> EXPECTED = Map.ofEntries(
            entry("POST /v1/readings", "write"),
            entry("POST /write", "write"),
            entry("POST /api/v2/write", "write"),
            entry("DELETE /v1/series/{id}", "admin"),
            entry("GET /v1/series", "read"),
            entry("GET /v1/latest", "read"),
            entry("GET /v1/series/{id}/readings", "read"),
            entry("GET /v1/series/{id}/latest", "read"),
            entry("GET /v1/series/{id}/pages/{n}", "read"),
            entry("GET /v1/series/{id}/aggregates", "read"),
            entry("GET /v1/aggregates", "read"),
            entry("GET /v1/series/{id}/export", "read"),
            entry("GET /v1/export", "read"),
            entry("GET /v1/stats", "read"),
            entry("GET /grafana", "read"),
            entry("POST /grafana/search", "read"),
            entry("POST /grafana/metrics", "read"),
            entry("POST /grafana/metric-payload-options", "read"),
            entry("POST /grafana/tag-keys", "read"),
            entry("POST /grafana/tag-values", "read"),
            entry("POST /grafana/variable", "read"),
            entry("POST /grafana/query", "read"),
            entry("POST /grafana/annotations", "read"),
            entry("GET /query", "read"),
            entry("POST /query", "read"),
            entry("GET /metrics", "read"),
            entry("GET /health", "open"),
            entry("GET /ping", "open"),
            entry("GET /openapi.json", "open"));

    private Bucketry bucketry;
    private ApiServer server;
    private Authorized client;

    @BeforeAll
    void start() {
        bucketry = Bucketry.start(BucketryConfig.defaults());
        server = ApiServer.start(bucketry, LocalServer.builder().tokens(Tokens.configured()).build());
        client = new Authorized(server.port());
    }

    @AfterAll
    void stop() {
        server.close();
        bucketry.close();
    }

    private Map<String, String> registered() {
        Map<String, String> table = new TreeMap<>();
        for (RouteTable.Route route : server.routes()) {
            String scope = route.scope().map(Scope::key).orElse("open");
            if (route.method() == HandlerType.HEAD) {
                assertThat(table.get("GET " + route.path())).as("HEAD %s as its GET", route.path()).isEqualTo(scope);
            } else {
                table.put(route.method() + " " + route.path(), scope);
            }
        }
        return table;
    }

    @Test
    void everyRegisteredRouteHasTheScopeOfTheTable() {
        // given the running server, when its routes are listed, then they are exactly the table's
        assertThat(registered()).containsExactlyInAnyOrderEntriesOf(EXPECTED);
    }

    @Test
    void theOpenApiDocumentNamesTheSameScopeForEveryOperation() throws Exception {
        // given the document served at /openapi.json
        JsonNode paths = new ObjectMapper().readTree(OpenApiRoute.document()).path("paths");
        Map<String, String> documented = new TreeMap<>();
        paths.fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            if (op.getValue().has("x-bucketry-scope")) {
                documented.put(op.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey(),
                        op.getValue().path("x-bucketry-scope").asText());
            }
        }));
        // then its x-bucketry-scope of every operation is the table's
        assertThat(documented).containsExactlyInAnyOrderEntriesOf(EXPECTED);
    }

    @Test
    void aRouteWithoutAScopeCannotBeRegistered() {
        RouteScopes scopes = new RouteScopes(false);
        assertThatThrownBy(() -> scopes.of(HandlerType.GET, "/v1/new-thing"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("route GET /v1/new-thing has no scope in RouteScopes: say who may call it");
    }

    @Test
    void eachScopeIsLetThroughExactlyWhereTheTableAllowsIt() {
        List<String> tokens = List.of("none", "read", "write", "admin");
        for (Map.Entry<String, String> route : EXPECTED.entrySet()) {
            String method = route.getKey().substring(0, route.getKey().indexOf(' '));
            String path = route.getKey().substring(method.length() + 1).replace("{id}", "scope-test").replace("{n}", "0");
            for (String token : tokens) {
                // when the route is called with this token
                HttpResponse<String> answer = client.send(method, path, authorization(token));
                // then it is served, refused 401 or refused 403 as the scope says
                int expected = expectedStatus(route.getValue(), token);
                if (expected == 0) {
                    assertThat(answer.statusCode()).as("%s with %s token", route.getKey(), token).isNotIn(401, 403);
                } else {
                    assertThat(answer.statusCode()).as("%s with %s token", route.getKey(), token).isEqualTo(expected);
                }
            }
        }
    }

    /** 0 when served, else 401 or 403. */
    private static int expectedStatus(String scope, String token) {
        if (scope.equals("open")) {
            return 0;
        }
        if (token.equals("none")) {
            return 401;
        }
        return token.equals("admin") || token.equals(scope) ? 0 : 403;
    }

    private static String authorization(String token) {
        return switch (token) {
            case "read" -> Authorized.bearer(Tokens.READ);
            case "write" -> Authorized.bearer(Tokens.WRITE);
            case "admin" -> Authorized.bearer(Tokens.ADMIN);
            default -> null;
        };
    }
}
