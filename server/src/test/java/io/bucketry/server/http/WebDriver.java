package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A headless Chromium driven through chromedriver's W3C WebDriver HTTP protocol with java.net.http and
 * Jackson; every call and every wait is bounded. Closing it ends the session and the chromedriver process.
 */
final class WebDriver implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
    static final List<String> ARGS = List.of("--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
            "--disable-quic", "--disable-dev-shm-usage", "--lang=en-US", "--window-size=1280,1100");

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Process driver;
    private final String base;
    private String session;

    private WebDriver(Process driver, int port) {
        this.driver = driver;
        this.base = "http://127.0.0.1:" + port;
    }

    /** The first of {@code names} found as an executable on the PATH. */
    static Optional<Path> onPath(String... names) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            for (String name : names) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Starts chromedriver and a session of chromium found on the PATH ({@link #start}); aborts the calling test
     * (skipped, the reason printed) where either is not installed.
     */
    static WebDriver startOrSkip(Path logDir) throws IOException {
        Optional<Path> chromium = onPath("chromium", "chromium-browser", "google-chrome");
        Optional<Path> chromedriver = onPath("chromedriver");
        if (chromium.isEmpty() || chromedriver.isEmpty()) {
            String reason = "browser test skipped: " + (chromium.isEmpty() ? "no chromium" : "no chromedriver")
                    + " on the PATH (Debian: apt-get install chromium chromium-driver)";
            System.out.println(reason);
            Assumptions.abort(reason);
        }
        return start(chromedriver.get(), chromium.get(), logDir);
    }

    /** Starts chromedriver (its log in {@code logDir}) and a session of {@code chromium} with a fresh profile. */
    static WebDriver start(Path chromedriver, Path chromium, Path logDir) throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Files.createDirectories(logDir);
        Process process = new ProcessBuilder(chromedriver.toString(), "--port=" + port)
                .redirectErrorStream(true).redirectOutput(logDir.resolve("chromedriver.log").toFile()).start();
        WebDriver webDriver = new WebDriver(process, port);
        try {
            waitUntil(Duration.ofSeconds(20), () -> "chromedriver to be ready",
                    () -> webDriver.call("GET", "/status", null).path("value").path("ready").asBoolean());
            Path profile = Files.createTempDirectory(logDir, "profile-");
            ObjectNode options = JSON.createObjectNode().put("binary", chromium.toString());
            ARGS.forEach(options.withArray("args")::add);
            options.withArray("args").add("--user-data-dir=" + profile);
            ObjectNode capabilities = JSON.createObjectNode();
            // a prompt left open fails the commands sent meanwhile instead of being dismissed by them
            capabilities.putObject("capabilities").putObject("alwaysMatch").put("browserName", "chrome")
                    .put("unhandledPromptBehavior", "ignore").set("goog:chromeOptions", options);
            webDriver.session = webDriver.call("POST", "/session", capabilities).path("value").path("sessionId").asText();
            webDriver.command("POST", "/timeouts", Map.of("script", 5000, "pageLoad", 30000, "implicit", 0));
            return webDriver;
        } catch (RuntimeException | IOException e) {
            webDriver.close();
            throw e;
        }
    }

    void open(String url) {
        command("POST", "/url", Map.of("url", url));
    }

    /** Runs {@code script} (a function body; {@code arguments} are {@code args}) in the page and returns its value. */
    JsonNode script(String script, Object... args) {
        return command("POST", "/execute/sync", Map.of("script", script, "args", List.of(args)));
    }

    /** Clicks the element that {@code css} selects. */
    void click(String css) {
        command("POST", "/element/" + element(css) + "/click", Map.of());
    }

    /** Types {@code text} into the element that {@code css} selects, as keystrokes. */
    void type(String css, String text) {
        command("POST", "/element/" + element(css) + "/value", Map.of("text", text));
    }

    void clear(String css) {
        command("POST", "/element/" + element(css) + "/clear", Map.of());
    }

    /** Polls {@code script} (with {@code args}) until its value satisfies {@code done}, at most {@code timeout}; returns that value. */
    JsonNode waitFor(Duration timeout, String what, String script, Predicate<JsonNode> done, Object... args) {
        JsonNode[] last = {null};
        waitUntil(timeout, () -> what + " (last value: " + last[0] + ")", () -> done.test(last[0] = script(script, args)));
        return last[0];
    }

    /** Waits at most {@code timeout} for a prompt (or alert) of the page and returns its text. */
    String waitForPrompt(Duration timeout, String what) {
        String[] text = {null};
        waitUntil(timeout, () -> what, () -> (text[0] = command("GET", "/alert/text", null).asText()) != null);
        return text[0];
    }

    /** Types {@code text} into the open prompt and accepts it. */
    void answerPrompt(String text) {
        command("POST", "/alert/text", Map.of("text", text));
        command("POST", "/alert/accept", Map.of());
    }

    /** Dismisses the open prompt, as its Cancel button does. */
    void dismissPrompt() {
        command("POST", "/alert/dismiss", Map.of());
    }

    void screenshot(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, Base64.getDecoder().decode(command("GET", "/screenshot", null).asText()));
    }

    private String element(String css) {
        return command("POST", "/element", Map.of("using", "css selector", "value", css)).path(ELEMENT).asText();
    }

    private JsonNode command(String method, String path, Object body) {
        return call(method, "/session/" + session + path, body).path("value");
    }

    private JsonNode call(String method, String path, Object body) {
        try {
            HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body));
            HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(40))
                    .header("Content-Type", "application/json").method(method, publisher).build();
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            JsonNode json = JSON.readTree(response.body());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("WebDriver " + method + " " + path + " answered "
                        + response.statusCode() + ": " + json.path("value").path("message").asText(response.body()));
            }
            return json;
        } catch (IOException e) {
            throw new UncheckedIOException("WebDriver " + method + " " + path + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during WebDriver " + method + " " + path, e);
        }
    }

    private static void waitUntil(Duration timeout, Supplier<String> what, Condition condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        RuntimeException failure = null;
        while (System.nanoTime() < deadline) {
            try {
                if (condition.holds()) {
                    return;
                }
            } catch (RuntimeException e) {
                failure = e;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what.get(), e);
            }
        }
        throw new AssertionError("gave up after " + timeout.toSeconds() + " s waiting for " + what.get(), failure);
    }

    /** A condition polled by a wait. */
    private interface Condition {
        boolean holds();
    }

    @Override
    public void close() {
        try {
            if (session != null) {
                call("DELETE", "/session/" + session, null);
            }
        } catch (RuntimeException e) {
            // the browser may already be gone; the process below is ended all the same
        } finally {
            driver.descendants().forEach(ProcessHandle::destroy);
            driver.destroy();
            try {
                if (!driver.waitFor(5, TimeUnit.SECONDS)) {
                    driver.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                driver.destroyForcibly();
            }
        }
    }
}
