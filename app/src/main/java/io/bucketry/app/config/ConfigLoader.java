package io.bucketry.app.config;

import io.bucketry.bootstrap.mongo.UriMask;
import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.domain.Quote;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Builds an {@link AppConfig} (the store's and the server's configuration) from, in order of precedence: command-line flags, environment
 * variables, a YAML file, defaults. Any unknown key or invalid value stops with a
 * {@link ConfigurationException} whose one-line message names the key, where the value came from
 * and what is allowed, even a value that a source of higher precedence overrides. Environment
 * variables that name no key, and empty ones, are ignored.
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
    public static AppConfig load(Map<ConfigKey, String> flags, Path configFile, Map<String, String> environment) {
        return load(flags, configFile, environment, Set.of(), warning -> { });
    }

    /**
     * As {@link #load(Map, Path, Map)}, for a command that does not use the keys {@code unused}: their
     * environment variables are not read (the environment is shared by every command). Every value given
     * is checked, even one that a source of higher precedence overrides; an empty environment variable
     * counts as unset. Each setting that cannot be meant goes to {@code warnings} as one line.
     */
    public static AppConfig load(Map<ConfigKey, String> flags, Path configFile, Map<String, String> environment,
                                      Set<ConfigKey> unused, Consumer<String> warnings) {
        return load(flags, ConfigKey::flag, configFile, environment, unused, warnings);
    }

    /**
     * As {@link #load(Map, Path, Map, Set, Consumer)} for a command whose flags are not the keys' own
     * ({@code migrate}'s {@code --from-mongo-uri}): {@code flagNames} names the flag that gave a value.
     */
    public static AppConfig load(Map<ConfigKey, String> flags, Function<ConfigKey, String> flagNames, Path configFile,
                                 Map<String, String> environment, Set<ConfigKey> unused, Consumer<String> warnings) {
        List<Map<ConfigKey, Sourced>> layers = new ArrayList<>();
        Path file = configFile;
        if (file == null && environment.get(CONFIG_FILE_ENV) != null && !environment.get(CONFIG_FILE_ENV).isBlank()) {
            file = Path.of(environment.get(CONFIG_FILE_ENV));
        }
        if (file != null) {
            String source = "configuration file " + file;
            layers.add(layer(YamlConfigFile.read(file), text -> source));
        }
        Map<ConfigKey, String> fromEnvironment = new EnumMap<>(ConfigKey.class);
        for (ConfigKey key : ConfigKey.values()) {
            String text = environment.get(key.env());
            if (text != null && !text.isBlank() && !unused.contains(key)) {
                fromEnvironment.put(key, text);
            }
        }
        layers.add(layer(fromEnvironment, key -> "environment variable " + key.env()));
        layers.add(layer(flags, key -> "flag " + flagNames.apply(key)));
        AppConfig.Builder builder = AppConfig.Builder.defaults();
        Set<ConfigKey> given = EnumSet.noneOf(ConfigKey.class);
        for (Map<ConfigKey, Sourced> layer : layers) {
            layer.forEach((key, sourced) -> apply(builder, key, sourced));
            given.addAll(layer.keySet());
        }
        AppConfig config;
        try {
            config = builder.build();
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("invalid configuration: " + e.getMessage());
        }
        ConfigWarnings.of(config.store(), given).forEach(warnings);
        return config;
    }

    private static Map<ConfigKey, Sourced> layer(Map<ConfigKey, String> values, Function<ConfigKey, String> source) {
        Map<ConfigKey, Sourced> layer = new EnumMap<>(ConfigKey.class);
        values.forEach((key, text) -> {
            if (text != null) {
                layer.put(key, new Sourced(text, source.apply(key)));
            }
        });
        return layer;
    }

    private static void apply(AppConfig.Builder builder, ConfigKey key, Sourced sourced) {
        try {
            key.apply(builder, sourced.text());
        } catch (IllegalArgumentException e) {
            String shown = key == ConfigKey.MONGO_URI ? UriMask.mask(sourced.text())
                    : key.sensitive() ? "(hidden)" : sourced.text();
            throw new ConfigurationException("invalid " + key.key() + " " + Quote.of(shown) + " (from " + sourced.source()
                    + "): " + e.getMessage());
        }
    }

    private record Sourced(String text, String source) {
    }
}
