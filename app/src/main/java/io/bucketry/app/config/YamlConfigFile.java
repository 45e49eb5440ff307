package io.bucketry.app.config;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.RollupsText;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a flat YAML configuration file ({@code key: value} lines) into key → text, refusing unknown keys. */
final class YamlConfigFile {

    private static final ObjectMapper YAML = new ObjectMapper(
            YAMLFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*)'");

    private YamlConfigFile() {
    }

    static Map<ConfigKey, String> read(Path file) {
        JsonNode root;
        try {
            root = onlyDocument(file, Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new ConfigurationException("configuration file " + file + " does not exist");
        } catch (JacksonException e) {
            Matcher duplicate = DUPLICATE.matcher(e.getOriginalMessage());
            throw new ConfigurationException("configuration file " + file + (duplicate.lookingAt()
                    ? " sets " + duplicate.group(1) + " twice" + locationOf(e) + "; keep one"
                    : " is not valid YAML: " + e.getOriginalMessage().lines().findFirst().orElse("") + locationOf(e)));
        } catch (IOException e) {
            throw new ConfigurationException("cannot read configuration file " + file + ": " + e.getMessage());
        }
        Map<ConfigKey, String> values = new LinkedHashMap<>();
        if (root == null || root.isMissingNode() || root.isNull()) {
            return values;
        }
        if (!root.isObject()) {
            throw new ConfigurationException("configuration file " + file + " must hold key: value lines; known keys: "
                    + ConfigKey.keys());
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            ConfigKey key = ConfigKey.byKey(entry.getKey());
            if (key == null) {
                throw new ConfigurationException("unknown key '" + entry.getKey() + "' in configuration file " + file
                        + "; known keys: " + ConfigKey.keys());
            }
            JsonNode value = entry.getValue();
            if (key == ConfigKey.ROLLUPS && value.isArray()) {
                values.put(key, rollups(value, file));
                continue;
            }
            if (key == ConfigKey.TOKENS && value.isArray()) {
                List<String> entries = new ArrayList<>();
                value.forEach(item -> entries.add(item.asText()));
                values.put(key, String.join(" ", entries));
                continue;
            }
            if (value.isNull() || !value.isValueNode()) {
                throw new ConfigurationException("invalid " + key.key() + " in configuration file " + file
                        + ": expected a single value, " + key.allowed());
            }
            values.put(key, value.asText());
        }
        return values;
    }

    /** The list form {@code [{window: 1h, retention: 2y}, …]} as {@link RollupsText} reads it. */
    private static String rollups(JsonNode list, Path file) {
        List<String> tiers = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode tier = list.get(i);
            JsonNode window = tier.get("window");
            JsonNode retention = tier.get("retention");
            if (!tier.isObject() || tier.size() != 2 || window == null || !window.isValueNode()
                    || retention == null || !retention.isValueNode()) {
                throw new ConfigurationException("invalid rollups in configuration file " + file + ": item " + (i + 1)
                        + " must be {window: …, retention: …}, such as {window: 1h, retention: 2y}");
            }
            tiers.add(RollupsText.tier(window.asText(), retention.asText()));
        }
        return tiers.isEmpty() ? "none" : String.join(",", tiers);
    }

    /** The file's one YAML document: a second one (after {@code ---}) would otherwise be silently ignored. */
    private static JsonNode onlyDocument(Path file, byte[] content) throws IOException {
        try (JsonParser parser = YAML.createParser(content)) {
            JsonNode root = YAML.readTree(parser);
            if (parser.nextToken() != null) {
                throw new ConfigurationException("configuration file " + file + " holds a second YAML document (line "
                        + parser.currentTokenLocation().getLineNr() + "); put all keys in one document, without '---'");
            }
            return root;
        }
    }

    private static String locationOf(JacksonException e) {
        return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
    }
}
