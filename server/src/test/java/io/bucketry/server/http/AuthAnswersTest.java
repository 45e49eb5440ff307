package io.bucketry.server.http;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** With tokens configured: 401 and 403 as JSON, every form of credentials the clients send, and no token ever shown. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AuthAnswersTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Logger accessLogger = (Logger) LoggerFactory.getLogger(RequestLog.LOGGER);
    private final Logger rootLogger = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final HttpClient http = HttpClient.newHttpClient();
    private Bucketry bucketry;
    private ApiServer server;
    private ServerConfig config;
    private Authorized client;

    @BeforeAll
    void start() {
        lines.start();
        rootLogger.addAppender(lines);
        accessLogger.addAppender(lines);
        bucketry = Bucketry.start(BucketryConfig.defaults());
        config = LocalServer.builder().tokens(Tokens.configured()).accessLog(true).build();
        server = ApiServer.start(bucketry, config);
        client = new Authorized(server.port());
    }

    @AfterAll
    void stop() {
        server.close();
        bucketry.close();
        rootLogger.detachAppender(lines);
        accessLogger.detachAppender(lines);
    }

    @Test
    void aRequestWithoutATokenGets401AsJsonWithAChallenge() throws IOException {
        // when a read route is called without credentials
        HttpResponse<String> answer = client.send("GET", "/v1/series", null);

        // then 401 names what to send
        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(answer.headers().firstValue("WWW-Authenticate")).contains("Bearer realm=\"bucketry\"");
        JsonNode body = JSON.readTree(answer.body());
        assertThat(body.path("error").asText()).isEqualTo("UNAUTHORIZED");
        assertThat(body.path("message").asText()).contains("Authorization: Bearer <token>");
    }

    @Test
    void anUnknownTokenGets401AndIsNotEchoed() throws IOException {
        HttpResponse<String> answer = client.send("GET", "/v1/series", Authorized.bearer("not-a-token-we-know"));

        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(answer.body()).path("message").asText()).isEqualTo("the token is not one this server accepts");
        assertThat(answer.body()).doesNotContain("not-a-token-we-know");
    }

    @Test
    void aValidTokenOfAnotherScopeGets403NamingTheScopeNeeded() throws IOException {
        // given a read token, when it deletes a series
        HttpResponse<String> answer = client.send("DELETE", "/v1/series/s1", Authorized.bearer(Tokens.READ));

        // then 403 says what is needed, without the token
        assertThat(answer.statusCode()).isEqualTo(403);
        JsonNode body = JSON.readTree(answer.body());
        assertThat(body.path("error").asText()).isEqualTo("FORBIDDEN");
        assertThat(body.path("message").asText()).isEqualTo("DELETE /v1/series/s1 needs a token of scope admin; this token has read");
        assertThat(answer.headers().firstValue("WWW-Authenticate")).isEmpty();
    }

    @Test
    void theInfluxClientsFormsOfTheTokenAreAccepted() throws Exception {
        String basic = "Basic " + Base64.getEncoder().encodeToString(("telegraf:" + Tokens.WRITE).getBytes(StandardCharsets.UTF_8));
        // when Telegraf writes with 'Token', basic auth, the query parameters u and p, or Bearer
        assertThat(write("/api/v2/write?bucket=b", "Token " + Tokens.WRITE)).isEqualTo(204);
        assertThat(write("/write?db=d", basic)).isEqualTo(204);
        assertThat(write("/write?db=d&u=telegraf&p=" + Tokens.WRITE, null)).isEqualTo(204);
        assertThat(write("/write?db=d", Authorized.bearer(Tokens.WRITE))).isEqualTo(204);
        // then a wrong password in any form is refused
        assertThat(write("/write?db=d&u=telegraf&p=wrong", null)).isEqualTo(401);
        assertThat(write("/write?db=d", "Basic " + Base64.getEncoder().encodeToString("telegraf:wrong".getBytes()))).isEqualTo(401);
    }

    @Test
    void healthPingTheOpenApiDocumentAndTheDashboardPageStayOpen() {
        assertThat(client.send("GET", "/health", null).statusCode()).isEqualTo(200);
        assertThat(client.send("GET", "/ping", null).statusCode()).isEqualTo(204);
        assertThat(client.send("GET", "/openapi.json", null).statusCode()).isEqualTo(200);
        assertThat(client.send("GET", "/", null).statusCode()).isEqualTo(200);
        assertThat(client.send("GET", "/metrics", null).statusCode()).isEqualTo(401);
    }

    @Test
    void noTokenAppearsInAnyLogLineOrInTheConfiguration() throws Exception {
        // given requests carrying every token in every form
        write("/write?db=d&u=telegraf&p=" + Tokens.WRITE, null);
        write("/write?db=d&u=telegraf&p=" + Tokens.READ, null);
        client.send("DELETE", "/v1/series/s2", Authorized.bearer(Tokens.ADMIN));
        client.send("GET", "/v1/series", "Token " + Tokens.READ);
        awaitLine("GET /v1/series 200");

        // then no log line, and not the configuration's text, holds one
        assertThat(lines.list).isNotEmpty();
        for (String token : new String[] {Tokens.READ, Tokens.WRITE, Tokens.ADMIN}) {
            assertThat(List.copyOf(lines.list)).extracting(ILoggingEvent::getFormattedMessage).noneMatch(line -> line.contains(token));
            assertThat(config.toString()).doesNotContain(token);
        }
        assertThat(config.tokens().toString()).isEqualTo("3 tokens");
    }

    private void awaitLine(String start) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (List.copyOf(lines.list).stream().noneMatch(e -> e.getFormattedMessage().startsWith(start))) {
            assertThat(System.nanoTime()).as("an access line starting %s", start).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private int write(String path, String authorization) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .POST(HttpRequest.BodyPublishers.ofString("cpu,host=a usage=1\n"));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
