package io.bucketry.app.cli;

import io.bucketry.app.config.ConfigKey;
import io.bucketry.application.port.out.StoreUnavailableException;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words a command uses for the settings a store's refusal names. The embedding and the adapters
 * speak an embedder's language, the configuration keys ("check the mongoUri setting"); each command
 * says the option it accepts for that key instead, so that no message sends a user to a flag the
 * command in hand lacks.
 */
final class SettingWords {

    /** How the embedding's messages name a setting to change: "the mongoUri setting", "set timeseriesFallback". */
    private static final Pattern SETTING = Pattern.compile("the (\\w+) setting|\\bset (\\w+)\\b");

    private final Map<String, String> words;

    private SettingWords(Map<String, String> words) {
        this.words = words;
    }

    /** The commands that take every key as a flag, an environment variable or a file key. */
    static SettingWords ofFlags() {
        Map<String, String> words = new LinkedHashMap<>();
        for (ConfigKey key : ConfigKey.values()) {
            words.put(key.key(), key.flag() + " (env " + key.env() + ")");
        }
        return new SettingWords(words);
    }

    /** One side of {@code migrate}: its {@code --<side>-…} flags, else its configuration file's keys. */
    static SettingWords ofMigrateSide(String side) {
        return new SettingWords(Map.of(
                ConfigKey.MONGO_URI.key(), "--" + side + "-mongo-uri",
                ConfigKey.TIMESERIES_FALLBACK.key(), "--" + side + "-timeseries-fallback",
                ConfigKey.MONGO_TIMEOUT.key(), "--" + side + "-mongo-timeout",
                ConfigKey.MONGO_TAGS.key(), "--" + side + "-mongo-tags"));
    }

    /** {@code message} with each setting it tells the user to change named as this command's option. */
    String of(String message) {
        if (message == null) {
            return null;
        }
        Matcher matcher = SETTING.matcher(message);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            boolean check = matcher.group(1) != null;
            String option = words.get(check ? matcher.group(1) : matcher.group(2));
            String replacement = option == null ? matcher.group() : (check ? "" : "give ") + option;
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    /** Runs a store's start, saying a refusal's settings in this command's words (the same exception type). */
    <T> T starting(Supplier<T> start) {
        try {
            return start.get();
        } catch (StoreUnavailableException | IllegalStateException e) {
            String said = of(e.getMessage());
            if (said.equals(e.getMessage())) {
                throw e;
            }
            throw e instanceof StoreUnavailableException ? new StoreUnavailableException(said, e)
                    : new IllegalStateException(said, e);
        }
    }
}
