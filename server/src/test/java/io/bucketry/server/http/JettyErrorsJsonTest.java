package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.eclipse.jetty.http.HttpFields;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Requests Jetty refuses before any route runs are answered JSON too, never an HTML page. Raw sockets. */
class JettyErrorsJsonTest extends ApiTestBase {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonNode assertJsonError(RawHttp.Response response, int status, String code) throws Exception {
        assertThat(response.status()).as(response.headers() + response.body()).isEqualTo(status);
        assertThat(response.header("Content-Type")).startsWith("application/json");
        JsonNode json = JSON.readTree(response.body());
        assertThat(json.get("error").asText()).isEqualTo(code);
        assertThat(json.get("message").asText()).isNotBlank().doesNotContain("<");
        return json;
    }

    private RawHttp.Response exchange(String request) {
        try (RawHttp http = new RawHttp(server.port())) {
            return http.exchange(request);
        }
    }

    @Test
    void aContentLengthThatIsNotANumberIs400Json() throws Exception {
        assertJsonError(exchange("POST /v1/readings HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n[]"),
                400, "BAD_REQUEST");
    }

    @Test
    void aNulCharacterInThePathIs400Json() throws Exception {
        assertJsonError(exchange("GET /v1/series/a%00b/latest HTTP/1.1\r\nHost: x\r\n\r\n"), 400, "BAD_REQUEST");
    }

    @Test
    void aUriLongerThanTheLimitIs414Json() throws Exception {
        String path = "/v1/series/" + "a".repeat(ApiServer.HEADER_LIMIT + 10) + "/latest";

        JsonNode json = assertJsonError(exchange("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n"), 414, "URI_TOO_LONG");

        assertThat(json.get("message").asText()).contains(Integer.toString(ApiServer.HEADER_LIMIT));
    }

    @Test
    void headersLargerThanTheLimitAre431Json() throws Exception {
        String header = "X-Padding: " + "p".repeat(ApiServer.HEADER_LIMIT + 10) + "\r\n";

        JsonNode json = assertJsonError(exchange("GET /health HTTP/1.1\r\nHost: x\r\n" + header + "\r\n"), 431,
                "HEADERS_TOO_LARGE");

        assertThat(json.get("message").asText()).contains(Integer.toString(ApiServer.HEADER_LIMIT));
    }

    @Test
    void contentLengthBesideTransferEncodingIs400Json() throws Exception {
        assertJsonError(exchange("POST /v1/readings HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n2\r\n[]\r\n0\r\n\r\n"), 400, "BAD_REQUEST");
    }

    @Test
    void aRequestLineThatIsNotHttpIs400Json() throws Exception {
        assertJsonError(exchange("HELLO\r\n\r\n"), 400, "BAD_REQUEST");
    }

    @Test
    void aRequestLineWithoutAVersionOrWithAnUnknownOneIs505NamingTheVersion() throws Exception {
        for (String request : new String[] {"HELLO WORLD\r\n\r\n", "GET /health HTTP/9.9\r\nHost: x\r\n\r\n"}) {
            JsonNode json = assertJsonError(exchange(request), 505, "HTTP_VERSION_NOT_SUPPORTED");

            assertThat(json.get("message").asText()).as(request).contains("HTTP version").contains("HTTP/1.1");
        }
    }

    @Test
    void aContentLengthTooLargeForANumberIs400NamingContentLength() throws Exception {
        JsonNode json = assertJsonError(exchange("POST /v1/readings HTTP/1.1\r\nHost: x\r\n"
                + "Content-Length: 99999999999999999999\r\n\r\n[]"), 400, "BAD_REQUEST");

        assertThat(json.get("message").asText()).contains("Content-Length");
    }

    @Test
    void anExpectationOtherThan100ContinueIs417ExpectationFailed() throws Exception {
        JsonNode json = assertJsonError(exchange("GET /health HTTP/1.1\r\nHost: x\r\nExpect: bogus\r\n\r\n"),
                417, "EXPECTATION_FAILED");

        assertThat(json.get("message").asText()).contains("Expect").doesNotContain("%00");
    }

    @Test
    void theHttp2PrefaceIs426UpgradeRequired() throws Exception {
        JsonNode json = assertJsonError(exchange("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"), 426, "UPGRADE_REQUIRED");

        assertThat(json.get("message").asText()).contains("HTTP/2").doesNotContain("%00");
    }

    @Test
    void aRefusalWhileStoppingIsUnavailableAndOnlyA500IsInternal() throws Exception {
        JsonErrorHandler handler = new JsonErrorHandler(JSON, ApiServer.HEADER_LIMIT);

        JsonNode stopping = JSON.readTree(handler.badMessageError(503, null, HttpFields.build()).array());
        JsonNode internal = JSON.readTree(handler.badMessageError(500, null, HttpFields.build()).array());

        assertThat(stopping.get("error").asText()).isEqualTo("UNAVAILABLE");
        assertThat(stopping.get("message").asText()).contains("stopping");
        assertThat(internal.get("error").asText()).isEqualTo("INTERNAL");
    }
}
