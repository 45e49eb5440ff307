package io.bucketry.server.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One {@code GET /metrics} over a real socket, parsed from the Prometheus text format into samples. */
record Scrape(String contentType, List<Sample> samples) {

    private static final Pattern LINE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    /** One line of the text format: a metric name, its labels, its value. */
    record Sample(String name, Map<String, String> labels, double value) {
    }

    static Scrape of(int port) {
        try {
            HttpResponse<String> response = CLIENT.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/metrics")).timeout(Duration.ofSeconds(20)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError("GET /metrics answered " + response.statusCode() + ": " + response.body());
            }
            return new Scrape(response.headers().firstValue("Content-Type").orElse(""), parse(response.body()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Scrapes until {@code ready} holds (a request is recorded once its answer has been sent, so a scrape
     * right after it may not show it yet), at most for 10 seconds.
     */
    static Scrape until(int port, Predicate<Scrape> ready) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        Scrape scrape = of(port);
        while (!ready.test(scrape) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            scrape = of(port);
        }
        return scrape;
    }

    static List<Sample> parse(String text) {
        return text.lines().filter(line -> !line.isBlank() && !line.startsWith("#")).map(line -> {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                throw new AssertionError("not a line of the Prometheus text format: " + line);
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (m.group(2) != null) {
                Matcher label = LABEL.matcher(m.group(2));
                while (label.find()) {
                    labels.put(label.group(1), label.group(2));
                }
            }
            return new Sample(m.group(1), labels, Double.parseDouble(m.group(3).replace("+Inf", "Infinity")));
        }).toList();
    }

    /** The samples named {@code name} whose labels include every pair of {@code labels}. */
    List<Sample> named(String name, Map<String, String> labels) {
        return samples.stream().filter(s -> s.name().equals(name))
                .filter(s -> s.labels().entrySet().containsAll(labels.entrySet())).toList();
    }

    /** The value of the one sample named {@code name} with {@code labels}; AssertionError unless exactly one. */
    double value(String name, Map<String, String> labels) {
        List<Sample> found = named(name, labels);
        if (found.size() != 1) {
            throw new AssertionError(found.size() + " samples " + name + labels + ": " + found);
        }
        return found.get(0).value();
    }

    /** The value, or 0 where there is no such sample yet. */
    double valueOrZero(String name, Map<String, String> labels) {
        List<Sample> found = named(name, labels);
        return found.isEmpty() ? 0 : value(name, labels);
    }
}
