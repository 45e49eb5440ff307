package io.bucketry.tools.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Posts the batches of a stream to one URL from {@code concurrency} threads, each sending its next
 * batch as soon as its previous one was answered, over keep-alive HTTP/1.1 connections; the feed's
 * wall time runs from the first request sent to the last answer read.
 */
final class HttpFeeder {

    private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(10);

    /** What a feed took and stored: accepted and duplicates as the target answered them. */
    record Feed(long nanos, long readings, long accepted, long duplicates) {

        /** Readings sent per second of wall time. */
        double readingsPerSecond() {
            return readings * 1e9 / nanos;
        }
    }

    private final int concurrency;

    HttpFeeder(int concurrency) {
        this.concurrency = concurrency;
    }

    /** Sends every batch of {@code stream} to {@code url}; the first answer that {@code answer} refuses stops the feed and fails it. */
    Feed feed(URI url, String contentType, PeerStream stream, Answer answer) throws InterruptedException {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<Batch> batches = stream.batches();
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean failed = new AtomicBoolean();
        ExecutorService senders = Executors.newFixedThreadPool(concurrency);
        List<Future<Answer.Counts>> results = new ArrayList<>();
        long start = System.nanoTime();
        try {
            for (int i = 0; i < concurrency; i++) {
                results.add(senders.submit(() -> {
                    long accepted = 0;
                    long duplicates = 0;
                    for (int b = next.getAndIncrement(); b < batches.size() && !failed.get(); b = next.getAndIncrement()) {
                        Batch batch = batches.get(b);
                        HttpRequest request = HttpRequest.newBuilder(url).timeout(REQUEST_TIMEOUT)
                                .header("Content-Type", contentType)
                                .POST(HttpRequest.BodyPublishers.ofByteArray(batch.body())).build();
                        try {
                            Answer.Counts counts = answer.read(client.send(request, HttpResponse.BodyHandlers.ofByteArray()),
                                    batch.readings());
                            accepted += counts.accepted();
                            duplicates += counts.duplicates();
                        } catch (IOException | RuntimeException e) {
                            failed.set(true);
                            throw e;
                        }
                    }
                    return new Answer.Counts(accepted, duplicates);
                }));
            }
            long accepted = 0;
            long duplicates = 0;
            for (Future<Answer.Counts> result : results) {
                Answer.Counts counts = result.get();
                accepted += counts.accepted();
                duplicates += counts.duplicates();
            }
            return new Feed(System.nanoTime() - start, stream.readings(), accepted, duplicates);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException runtime ? runtime
                    : new IllegalStateException("POST " + url + " failed: " + cause, cause);
        } finally {
            senders.shutdownNow();
        }
    }
}
