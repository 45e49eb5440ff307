package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The OpenAPI document is valid OpenAPI 3.1, and every example in it fits the schema it illustrates. */
class OpenApiDocumentTest {

    private final OpenApiSpec spec = OpenApiSpec.load();

    @Test
    void theDocumentParsesAsOpenApi31WithoutErrorsOrWarnings() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);

        SwaggerParseResult result = new OpenAPIV3Parser()
                .readContents(new String(OpenApiRoute.document(), StandardCharsets.UTF_8), null, options);

        assertThat(result.getMessages()).as("parser messages").isEmpty();
        assertThat(result.getOpenAPI().getOpenapi()).isEqualTo("3.1.0");
        assertThat(result.getOpenAPI().getPaths()).isNotEmpty();
    }

    @Test
    void aFlawInTheDocumentIsReportedByTheParser() {
        // given: the document with a reference to a schema it does not have
        String broken = new String(OpenApiRoute.document(), StandardCharsets.UTF_8)
                .replaceFirst("#/components/schemas/Reading\"", "#/components/schemas/NoSuchSchema\"");
        ParseOptions options = new ParseOptions();
        options.setResolve(true);

        // when
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(broken, null, options);

        // then
        assertThat(result.getMessages()).anySatisfy(m -> assertThat(m).contains("NoSuchSchema"));
    }

    @Test
    void everyBodyAndAnswerHasAnExampleAndEveryExampleFitsItsSchema() {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, JsonNode> media : mediaTypes()) {
            JsonNode examples = media.getValue().path("examples");
            if (examples.isEmpty()) {
                problems.add(media.getKey() + ": no example");
            }
            for (Map.Entry<String, JsonNode> example : examples.properties()) {
                checked++;
                spec.problems(media.getValue().get("schema"), example.getValue().get("value"))
                        .forEach(p -> problems.add(media.getKey() + " example '" + example.getKey() + "': " + p));
            }
        }

        assertThat(problems).as("examples checked: " + checked).isEmpty();
        assertThat(checked).isGreaterThan(mediaTypes().size());
    }

    @Test
    void everyParameterExampleFitsItsSchema() {
        List<String> problems = new ArrayList<>();
        List<JsonNode> parameters = new ArrayList<>();
        spec.document().findValues("parameters").forEach(list -> list.forEach(p -> parameters.add(spec.resolve(p))));
        spec.document().path("components").path("parameters").forEach(parameters::add);

        for (JsonNode parameter : parameters) {
            JsonNode example = parameter.get("example");
            if (example == null) {
                problems.add(parameter.get("name").asText() + ": no example");
                continue;
            }
            JsonNode typed = example.isTextual() && parameter.path("schema").path("type").asText().equals("integer")
                    ? OpenApiSpec.JSON.getNodeFactory().numberNode(Long.parseLong(example.asText())) : example;
            spec.problems(parameter.get("schema"), typed).forEach(p -> problems.add(parameter.get("name") + ": " + p));
        }

        assertThat(parameters).hasSizeGreaterThan(10);
        assertThat(problems).isEmpty();
    }

    @Test
    void anExampleThatBreaksItsSchemaIsCaught() {
        // given: the ingest report example with a reason the API never gives and a negative count
        JsonNode schema = spec.answerSchema("/v1/readings", "post", 200);
        ObjectNode report = (ObjectNode) OpenApiSpec.JSON.valueToTree(Map.of("accepted", -1, "duplicates", 0,
                "rejected", List.of(Map.of("index", 0, "series", "s", "time", "2026-07-21T23:00:00Z",
                        "reason", "NOT_A_REASON", "message", "m"))));

        // when
        List<String> problems = spec.problems(schema, report);

        // then
        assertThat(problems).hasSize(2);
        assertThat(String.join("\n", problems)).contains("accepted").contains("reason");
        assertThat(spec.problems(OpenApiSpec.JSON.createObjectNode().put("$ref", "#/components/schemas/Time"),
                OpenApiSpec.JSON.getNodeFactory().textNode("yesterday"))).as("date-time is asserted").isNotEmpty();
    }

    /** Every media type of a request body or an answer, named by where it is. */
    private List<Map.Entry<String, JsonNode>> mediaTypes() {
        List<Map.Entry<String, JsonNode>> found = new ArrayList<>();
        collect("", spec.document(), found);
        return found;
    }

    private static void collect(String where, JsonNode node, List<Map.Entry<String, JsonNode>> found) {
        if (!node.isContainerNode()) {
            return;
        }
        if (where.endsWith("/content/application/json") || where.endsWith("/content/application~1json")) {
            found.add(Map.entry(where, node));
            return;
        }
        node.properties().forEach(e -> collect(where + "/" + e.getKey(), e.getValue(), found));
    }
}
