package io.bucketry.app.config;

import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import io.bucketry.bootstrap.config.ByteSizes;
import io.bucketry.domain.DurationText;

import java.util.Objects;

/**
 * What the command line loads from flags, environment and a YAML file: the store's configuration
 * and, for {@code serve}, the server's. {@link #toString()} never shows credentials.
 */
public record AppConfig(BucketryConfig store, ServerConfig server) {

    public AppConfig {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(server, "server");
    }

    public static AppConfig defaults() {
        return new AppConfig(BucketryConfig.defaults(), ServerConfig.defaults());
    }

    /**
     * Every key as it would be written in a configuration file, the server's among the store's where
     * they always stood and the security keys last; the Mongo URI with its credentials masked, the tokens
     * as their count, the TLS files without the keystore's password.
     */
    @Override
    public String toString() {
        String listen = "port=" + server.port() + " bind=" + server.bind()
                + " maxBodySize=" + ByteSizes.format(server.maxBodySize());
        String limits = "bodyReadTimeout=" + DurationText.of(server.http().bodyReadTimeout())
                + " maxConcurrentIngests=" + server.http().maxConcurrentIngests()
                + " drainTimeout=" + DurationText.of(server.http().drainTimeout())
                + " lineProtocolSeriesId=" + server.lineProtocolSeriesId().key()
                + " accessLog=" + server.accessLog();
        String stored = store.toString();
        return before(before(stored, " sweepInterval=", listen), " ingestParallelism=", limits)
                + " tokens=" + server.tokens() + " metricsOpen=" + server.metricsOpen() + " tls=" + server.tls();
    }

    /** {@code text} with {@code inserted} before the key {@code at} (which the store's text always holds). */
    private static String before(String text, String at, String inserted) {
        int i = text.indexOf(at);
        return text.substring(0, i) + " " + inserted + text.substring(i);
    }

    /** The two builders a configuration key applies to. */
    record Builder(BucketryConfig.Builder store, ServerConfig.Builder server) {

        static Builder defaults() {
            return new Builder(BucketryConfig.builder(), ServerConfig.builder());
        }

        AppConfig build() {
            return new AppConfig(store.build(), server.build());
        }
    }
}
