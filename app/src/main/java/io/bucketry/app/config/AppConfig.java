package io.bucketry.app.config;

import io.bucketry.bootstrap.BucketryConfig;
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
     * Every key as it would be written in a configuration file; the Mongo URI with its credentials masked, the
     * tokens as their count, the TLS files without the keystore's password.
     */
    @Override
    public String toString() {
        return store + " port=" + server.port() + " bind=" + server.bind()
                + " maxBodySize=" + ByteSizes.format(server.maxBodySize())
                + " bodyReadTimeout=" + DurationText.of(server.http().bodyReadTimeout())
                + " maxConcurrentIngests=" + server.http().maxConcurrentIngests()
                + " drainTimeout=" + DurationText.of(server.http().drainTimeout())
                + " lineProtocolSeriesId=" + server.lineProtocolSeriesId().key()
                + " accessLog=" + server.accessLog()
                + " tokens=" + server.tokens() + " metricsOpen=" + server.metricsOpen() + " tls=" + server.tls();
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
