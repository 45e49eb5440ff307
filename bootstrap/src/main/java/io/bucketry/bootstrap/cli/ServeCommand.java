package io.bucketry.bootstrap.cli;

import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.BucketryConfig;
import io.bucketry.bootstrap.config.ConfigKey;
import io.bucketry.bootstrap.http.ApiServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code bucketry serve}: the HTTP API until SIGTERM / Ctrl-C, which finishes requests in flight first. */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Serve the HTTP API (JSON) until stopped with SIGTERM or Ctrl-C.")
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

    @Override
    public Integer call() throws InterruptedException {
        Map<ConfigKey, String> extra = new EnumMap<>(ConfigKey.class);
        extra.put(ConfigKey.PORT, port);
        extra.put(ConfigKey.BIND, bind);
        extra.put(ConfigKey.MAX_BODY_SIZE, maxBodySize);
        extra.put(ConfigKey.SWEEP_INTERVAL, sweepInterval);
        BucketryConfig config = options.load(parent.environment, extra);
        Bucketry bucketry = ConfigOptions.start(config);
        ApiServer server;
        try {
            server = ApiServer.start(bucketry);
        } catch (RuntimeException e) {
            bucketry.close();
            throw e;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try (bucketry; server) {
                parent.err.println("bucketry: stopping; finishing requests in flight");
            } finally {
                stopped.countDown();
            }
        }, "bucketry-shutdown"));
        parent.err.println("bucketry: serving backend " + bucketry.backend() + " on http://" + config.bind() + ":"
                + server.port() + " (" + config + ")");
        stopped.await();
        return 0;
    }
}
