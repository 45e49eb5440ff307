package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.NonValidationKeyword;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The served OpenAPI document, for tests: its operations, what an operation answers, and its
 * schemas as validators (networknt, OpenAPI 3.1 dialect, formats such as date-time asserted).
 */
final class OpenApiSpec {

    static final ObjectMapper JSON = new ObjectMapper();
    static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

    private final JsonNode document;
    /** OpenAPI 3.1's dialect, told that the wrapper's {@code components} (where the $refs point) is no keyword. */
    private static final Dialect DIALECT = Dialect.builder(Dialects.getOpenApi31())
            .keyword(new NonValidationKeyword("components")).build();

    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(DIALECT,
            builder -> builder.schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));

    private OpenApiSpec(JsonNode document) {
        this.document = document;
    }

    static OpenApiSpec load() {
        try {
            return new OpenApiSpec(JSON.readTree(OpenApiRoute.document()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    JsonNode document() {
        return document;
    }

    /** Each documented path with its methods in upper case. */
    Map<String, Set<String>> operations() {
        Map<String, Set<String>> operations = new TreeMap<>();
        document.get("paths").properties().forEach(path -> {
            Set<String> methods = new TreeSet<>();
            path.getValue().fieldNames().forEachRemaining(key -> {
                if (METHODS.contains(key)) {
                    methods.add(key.toUpperCase(Locale.ROOT));
                }
            });
            operations.put(path.getKey(), methods);
        });
        return operations;
    }

    /** {@code node}, or what its {@code $ref} (a pointer into this document) names. */
    JsonNode resolve(JsonNode node) {
        JsonNode resolved = node;
        while (resolved.has("$ref")) {
            resolved = document.at(resolved.get("$ref").asText().substring(1));
        }
        return resolved;
    }

    /** The JSON schema of the answer {@code status} of {@code method path}; missing when not documented. */
    JsonNode answerSchema(String path, String method, int status) {
        JsonNode response = document.path("paths").path(path).path(method.toLowerCase(Locale.ROOT))
                .path("responses").path(Integer.toString(status));
        return resolve(response).path("content").path("application/json").path("schema");
    }

    /** Fails unless the answer {@code json} with {@code status} is {@code expected} and fits the schema the document gives it. */
    void assertAnswerFits(String route, String method, int expected, int status, JsonNode json) {
        String what = method + " " + route + " " + status + ": " + json;
        assertThat(status).as(what).isEqualTo(expected);
        JsonNode schema = answerSchema(route, method, status);
        assertThat(schema.isMissingNode()).as(what + " is not documented").isFalse();
        assertThat(problems(schema, json)).as(what).isEmpty();
    }

    /** The JSON schema of the shared response {@code name} of components. */
    JsonNode sharedAnswerSchema(String name) {
        return document.path("components").path("responses").path(name).path("content").path("application/json")
                .path("schema");
    }

    /** What is wrong with {@code instance} by {@code schema} (which may refer to the document's components); empty when it fits. */
    List<String> problems(JsonNode schema, JsonNode instance) {
        ObjectNode root = JSON.createObjectNode();
        root.set("components", document.get("components"));
        root.putArray("allOf").add(schema);
        List<Error> errors = registry.getSchema(root.toString(), InputFormat.JSON).validate(instance.toString(), InputFormat.JSON);
        return errors.stream().map(Error::toString).toList();
    }
}
