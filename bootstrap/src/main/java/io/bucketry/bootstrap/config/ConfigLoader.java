package io.bucketry.bootstrap.config;

import io.bucketry.application.ConnectionStrings;
import io.bucketry.bootstrap.BucketryConfig;
import io.bucketry.domain.Quote;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * Builds a {@link BucketryConfig} from, in order of precedence: command-line flags, environment
 * variables, a YAML file, defaults. Any unknown key or invalid value stops with a
 * {@link ConfigurationException} whose one-line message names the key, where the value came from
 * and what is allowed. Environment variables that name no key are ignored.
 */
public final class ConfigLoader {

    /** Names the configuration file when no {@code --config} flag does. */
    public static final String CONFIG_FILE_ENV = "BUCKETRY_CONFIG";

    private ConfigLoader() {
    }

    /**
     * @param flags values given as flags, as text
     * @param configFile the {@code --config} file, or null
     * @param environment the process environment ({@code System.getenv()})
     */
    public static BucketryConfig load(Map<ConfigKey, String> flags, Path configFile, Map<String, String> environment) {
        Map<ConfigKey, Sourced> values = new EnumMap<>(ConfigKey.class);
        Path file = configFile;
        if (file == null && environment.get(CONFIG_FILE_ENV) != null && !environment.get(CONFIG_FILE_ENV).isBlank()) {
            file = Path.of(environment.get(CONFIG_FILE_ENV));
        }
        if (file != null) {
            String source = "configuration file " + file;
            YamlConfigFile.read(file).forEach((key, text) -> values.put(key, new Sourced(text, source)));
        }
        for (ConfigKey key : ConfigKey.values()) {
            String text = environment.get(key.env());
            if (text != null) {
                values.put(key, new Sourced(text, "environment variable " + key.env()));
            }
        }
        flags.forEach((key, text) -> {
            if (text != null) {
                values.put(key, new Sourced(text, "flag " + key.flag()));
            }
        });
        BucketryConfig.Builder builder = BucketryConfig.builder();
        values.forEach((key, sourced) -> apply(builder, key, sourced));
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("invalid configuration: " + e.getMessage());
        }
    }

    private static void apply(BucketryConfig.Builder builder, ConfigKey key, Sourced sourced) {
        try {
            key.apply(builder, sourced.text());
        } catch (IllegalArgumentException e) {
            String shown = key.sensitive() ? ConnectionStrings.mask(sourced.text()) : sourced.text();
            throw new ConfigurationException("invalid " + key.key() + " " + Quote.of(shown) + " (from " + sourced.source()
                    + "): " + e.getMessage());
        }
    }

    private record Sourced(String text, String source) {
    }
}
