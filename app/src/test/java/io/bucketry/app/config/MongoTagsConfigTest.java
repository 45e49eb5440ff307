package io.bucketry.app.config;

import io.bucketry.bootstrap.config.ConfigurationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code mongoTags}: unset by default (as the layout record says), true or false from file, environment or flag. */
class MongoTagsConfigTest {

    @TempDir
    Path dir;

    @Test
    void tagsAreAsRecordedByDefaultAndSetFromAFileTheEnvironmentOrAFlagWhateverMongoKeyComesAfter() throws IOException {
        Path file = Files.writeString(dir.resolve("bucketry.yaml"), "backend: mongo-bucket\nmongoTags: true\n");

        AppConfig none = ConfigLoader.load(Map.of(), null, Map.of());
        AppConfig fromFile = ConfigLoader.load(Map.of(ConfigKey.MONGO_COLLECTION, "c"), file, Map.of());
        AppConfig fromEnv = ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_MONGO_TAGS", "false"));
        AppConfig fromFlag = ConfigLoader.load(Map.of(ConfigKey.MONGO_TAGS, "false", ConfigKey.MONGO_URI, "mongodb://h:1",
                ConfigKey.MONGO_TIMEOUT, "5s"), file, Map.of());

        assertThat(none.store().mongo().tags()).isNull();
        assertThat(none.toString()).contains("mongoTags=(as recorded)");
        assertThat(fromFile.store().mongo().tags()).isTrue();
        assertThat(fromFile.store().mongo().collection()).isEqualTo("c");
        assertThat(fromEnv.store().mongo().tags()).isFalse();
        assertThat(fromFlag.store().mongo().tags()).as("the flag over the file, kept past later Mongo keys").isFalse();
        assertThat(fromFlag.toString()).contains("mongoTags=false");
        assertThat(ConfigKey.MONGO_TAGS.flag()).isEqualTo("--mongo-tags");
    }

    @Test
    void aValueThatIsNoBooleanIsRefusedNamingTheKey() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_MONGO_TAGS", "sometimes")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("invalid mongoTags 'sometimes' (from environment variable BUCKETRY_MONGO_TAGS)")
                .hasMessageContaining("true or false");
    }

    @Test
    void onTheInMemoryBackendTheSettingWarnsThatItAlwaysKeepsTags() {
        List<String> warnings = new ArrayList<>();

        ConfigLoader.load(Map.of(ConfigKey.MONGO_TAGS, "false"), null, Map.of(), Set.of(), warnings::add);

        assertThat(warnings).singleElement().asString()
                .isEqualTo("mongoTags has no effect with backend inmemory, which always keeps the tags each reading was"
                        + " written with");
    }
}
