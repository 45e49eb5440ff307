package io.bucketry.server.http;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The dashboard page and its assets are served from the classpath, and nothing else changes for the API. */
class DashboardServingTest extends ApiTestBase {

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void thePageAtTheRootNamesTheBundledUplotAndEveryAssetItNamesIsServed() throws Exception {
        HttpResponse<String> page = fetch("GET", "/");

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
        assertThat(page.body()).contains("/webjars/uplot/" + bundledUplotVersion() + "/dist/uPlot.iife.min.js")
                .doesNotContain("${").doesNotContain("http://").doesNotContain("https://");
        List<String> assets = assets(page.body());
        assertThat(assets).hasSizeGreaterThanOrEqualTo(6);
        for (String asset : assets) {
            HttpResponse<String> answer = fetch("GET", asset);
            assertThat(answer.statusCode()).as(asset).isEqualTo(200);
            assertThat(answer.headers().firstValue("Content-Type").orElse("")).as(asset)
                    .startsWith(asset.endsWith(".css") ? "text/css" : "text/javascript");
            assertThat(answer.body()).as(asset).isNotBlank();
        }
    }

    @Test
    void pathsBesideThePageStillAnswerJsonErrors() throws Exception {
        for (String path : List.of("/ui/missing.js", "/nothing-here", "/webjars/uplot/0.0.0/x.js")) {
            HttpResponse<String> answer = fetch("GET", path);
            assertThat(answer.statusCode()).as(path).isEqualTo(404);
            assertThat(answer.body()).as(path).contains("\"error\":\"NOT_FOUND\"");
        }
        HttpResponse<String> post = fetch("POST", "/");
        assertThat(post.statusCode()).isBetween(400, 499);
        assertThat(post.body()).startsWith("{\"error\":");
        assertThat(api.get("/v1/series").status()).isEqualTo(200);
    }

    private static String bundledUplotVersion() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = DashboardServingTest.class.getResourceAsStream(
                "/META-INF/maven/org.webjars.npm/uplot/pom.properties")) {
            properties.load(in);
        }
        return properties.getProperty("version");
    }

    private static List<String> assets(String html) {
        List<String> found = new ArrayList<>();
        Matcher m = Pattern.compile("(?:src|href)=\"([^\"]+)\"").matcher(html);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    private HttpResponse<String> fetch(String method, String path) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .timeout(Duration.ofSeconds(20)).method(method, HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
