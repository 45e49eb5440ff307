package io.bucketry.app.cli;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.app.config.AppConfig;
import io.bucketry.app.config.ConfigKey;
import io.bucketry.bootstrap.config.Durations;
import io.bucketry.server.http.ApiServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code bucketry serve}: the HTTP API until SIGTERM / Ctrl-C, which finishes requests in flight (up to the drain timeout) first. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Serve the HTTP API until stopped with SIGTERM or Ctrl-C.",
                "Answers the JSON API, the InfluxDB line protocol (/write, /api/v2/write), Grafana's JSON data source, " +
                "/metrics, /openapi.json and the dashboard at /, on 127.0.0.1 unless --bind says otherwise."})
public final class ServeCommand implements Callable<Integer> {

    @ParentCommand
    BucketryCommand parent;

    @Mixin
    ConfigOptions options;

    @Option(names = "--port", paramLabel = "PORT", description = "HTTP port; 0 picks a free one (env BUCKETRY_PORT; default 8080).")
    String port;

    @Option(names = "--bind", paramLabel = "ADDRESS",
            description = "Address to listen on; 0.0.0.0 for every interface (env BUCKETRY_BIND; default 127.0.0.1).")
    String bind;

    @Option(names = "--max-body-size", paramLabel = "SIZE",
            description = "Largest request body, e.g. 16MB (env BUCKETRY_MAX_BODY_SIZE; default 16MB).")
    String maxBodySize;

    @Option(names = "--sweep-interval", paramLabel = "DURATION",
            description = "How often expired buckets are reclaimed (env BUCKETRY_SWEEP_INTERVAL; default 1m).")
    String sweepInterval;

    @Option(names = "--body-read-timeout", paramLabel = "DURATION",
            description = "Longest time a client may take to send a request body; slower ones get 408 "
                    + "(env BUCKETRY_BODY_READ_TIMEOUT; default 5s).")
    String bodyReadTimeout;

    @Option(names = "--max-concurrent-ingests", paramLabel = "N",
            description = "At most N ingest requests at once; more get 503 BUSY with Retry-After "
                    + "(env BUCKETRY_MAX_CONCURRENT_INGESTS; default 32).")
    String maxConcurrentIngests;

    @Option(names = "--drain-timeout", paramLabel = "DURATION",
            description = "On SIGTERM, how long requests in flight may still run before they are cut "
                    + "(env BUCKETRY_DRAIN_TIMEOUT; default 30s).")
    String drainTimeout;

    @Option(names = "--access-log", paramLabel = "BOOLEAN", arity = "0..1", fallbackValue = "true",
            description = "Log one line per request: method, path, status, milliseconds "
                    + "(env BUCKETRY_ACCESS_LOG; default false).")
    String accessLog;

    @Option(names = "--tokens", paramLabel = "ENTRIES",
            description = "Tokens requests must bring, as 'bucketry token' prints them: sha256:<hex>:<scope>[,<scope>] "
                    + "apart by spaces (env BUCKETRY_TOKENS; default none: no authentication, loopback only).")
    String tokens;

    @Option(names = "--insecure-no-auth-on-network",
            description = "Serve on a non-loopback --bind without tokens: anyone who reaches the port may read, "
                    + "write and delete. Only for a network you trust entirely.")
    boolean insecureNoAuthOnNetwork;

    @Override
    public Integer call() throws InterruptedException {
        Map<ConfigKey, String> extra = new EnumMap<>(ConfigKey.class);
        extra.put(ConfigKey.PORT, port);
        extra.put(ConfigKey.BIND, bind);
        extra.put(ConfigKey.MAX_BODY_SIZE, maxBodySize);
        extra.put(ConfigKey.SWEEP_INTERVAL, sweepInterval);
        extra.put(ConfigKey.BODY_READ_TIMEOUT, bodyReadTimeout);
        extra.put(ConfigKey.MAX_CONCURRENT_INGESTS, maxConcurrentIngests);
        extra.put(ConfigKey.DRAIN_TIMEOUT, drainTimeout);
        extra.put(ConfigKey.ACCESS_LOG, accessLog);
        extra.put(ConfigKey.TOKENS, tokens);
        AppConfig config = options.loadWithServer(parent.environment, extra);
        Optional<String> exposure = NetworkExposure.check(config.server(), insecureNoAuthOnNetwork);
        Bucketry bucketry = ConfigOptions.start(config.store());
        ApiServer server;
        try {
            server = ApiServer.start(bucketry, config.server());
        } catch (RuntimeException e) {
            bucketry.close();
            throw e;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try (bucketry; server) {
                parent.err.println("bucketry: stopping; finishing requests in flight (for up to "
                        + Durations.format(config.server().http().drainTimeout()) + ", the drainTimeout)");
            } finally {
                stopped.countDown();
            }
        }, "bucketry-shutdown"));
        String scheme = config.server().tls().enabled() ? "https://" : "http://";
        parent.err.println("bucketry: serving backend " + bucketry.backend() + " on " + scheme + config.server().bind() + ":"
                + server.port() + " (" + config + ")");
        exposure.ifPresent(parent.err::println);   // once listening: a bind that fails stays a one-line error
        stopped.await();
        return 0;
    }
}
