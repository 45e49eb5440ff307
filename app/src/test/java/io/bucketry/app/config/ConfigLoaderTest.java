package io.bucketry.app.config;

import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketPolicyKind;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigLoaderTest {

    @TempDir
    Path dir;

    private static Map<ConfigKey, String> flags(Object... keyValues) {
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        for (int i = 0; i < keyValues.length; i += 2) {
            flags.put((ConfigKey) keyValues[i], (String) keyValues[i + 1]);
        }
        return flags;
    }

    private Path file(String yaml) throws IOException {
        Path file = dir.resolve("bucketry.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    @Test
    void withNothingGivenEveryKeyHasItsDefault() {
        AppConfig config = ConfigLoader.load(Map.of(), null, Map.of());

        assertThat(config).isEqualTo(AppConfig.defaults());
        assertThat(config.store().backend()).isEqualTo(Backend.INMEMORY);
        assertThat(config.store().bucketPolicyValue()).isEqualTo(BucketPolicy.windowed(Duration.ofHours(1), 1000));
        assertThat(config.store().retention()).isEqualTo(Duration.ofDays(90));
        assertThat(config.store().futureTolerance()).isEqualTo(Duration.ofHours(1));
        assertThat(config.store().maxBatchSize()).isEqualTo(100_000);
        assertThat(config.server().port()).isEqualTo(8080);
        assertThat(config.server().bind()).isEqualTo("127.0.0.1");
        assertThat(config.server().maxBodySize()).isEqualTo(16L << 20);
        assertThat(config.store().mongo().uri()).isEqualTo("mongodb://localhost:27017");
    }

    @Test
    void flagBeatsEnvironmentWhichBeatsFileWhichBeatsDefault() throws IOException {
        Path file = file("bucketWidth: 2h\nbucketMaxCount: 200\nretention: 30d\ngrace: 5m\n");
        Map<String, String> env = Map.of("BUCKETRY_BUCKET_MAX_COUNT", "300", "BUCKETRY_RETENTION", "P10D");

        AppConfig config = ConfigLoader.load(flags(ConfigKey.RETENTION, "7d"), file, env);

        assertThat(config.store().bucketWidth()).isEqualTo(Duration.ofHours(2));   // file
        assertThat(config.store().bucketMaxCount()).isEqualTo(300);                // environment over file
        assertThat(config.store().retention()).isEqualTo(Duration.ofDays(7));      // flag over environment and file
        assertThat(config.store().grace()).isEqualTo(Duration.ofMinutes(5));       // file
        assertThat(config.store().futureTolerance()).isEqualTo(Duration.ofHours(1)); // default
    }

    @Test
    void everyKeyCanBeSetFromAFile() throws IOException {
        Path file = file("""
                backend: inmemory
                bucketPolicy: paged
                bucketWidth: 30m
                bucketMaxCount: 500
                pageSize: 50
                retention: 90d
                grace: 0s
                futureTolerance: 500ms
                maxBatchSize: 10
                maxWindows: 20
                port: 0
                bind: 0.0.0.0
                maxBodySize: 1MB
                sweepInterval: 30s
                mongoUri: mongodb://h:1
                mongoDatabase: db
                mongoCollection: coll
                timeseriesFallback: true
                embeddedMongo: true
                """);

        AppConfig config = ConfigLoader.load(Map.of(), file, Map.of());

        assertThat(config.store().bucketPolicy()).isEqualTo(BucketPolicyKind.PAGED);
        assertThat(config.store().bucketPolicyValue()).isEqualTo(BucketPolicy.paged(50));
        assertThat(config.store().applicationSettings().defaultPageSize()).isEqualTo(50);
        assertThat(config.server().maxBodySize()).isEqualTo(1 << 20);
        assertThat(config.store().sweepInterval()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.store().mongo().database()).isEqualTo("db");
        assertThat(config.store().mongo().collection()).isEqualTo("coll");
        assertThat(config.store().mongo().timeseriesFallback()).isTrue();
        assertThat(config.store().mongo().embedded()).isTrue();
        assertThat(config.server().port()).isZero();
    }

    @Test
    void mongoUriComesFromMongodbUriAndTheFileNamedByBucketryConfig() throws IOException {
        Path file = file("mongoDatabase: fromfile\n");

        AppConfig config = ConfigLoader.load(Map.of(), null,
                Map.of("MONGODB_URI", "mongodb://db:27017", "BUCKETRY_CONFIG", file.toString()));

        assertThat(config.store().mongo().uri()).isEqualTo("mongodb://db:27017");
        assertThat(config.store().mongo().database()).isEqualTo("fromfile");
    }

    @Test
    void environmentVariablesThatNameNoKeyAreIgnored() {
        AppConfig config = ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_TEST_MONGODB_URI", "x", "PATH", "/bin"));

        assertThat(config).isEqualTo(AppConfig.defaults());
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
            "BACKEND          | mongo         | one of inmemory, mongo-bucket, mongo-timeseries",
            "BUCKET_POLICY    | hourly        | windowed or paged",
            "BUCKET_WIDTH     | 5x            | 500ms, 30s, 5m, 1h, 90d",
            "BUCKET_WIDTH     | 0s            | positive",
            "BUCKET_MAX_COUNT | 0             | a whole number from 1 to 100000",
            "BUCKET_MAX_COUNT | many          | a whole number from 1 to 100000",
            "PAGE_SIZE        | 100001        | a whole number from 1 to 100000",
            "RETENTION        | -1d           | 500ms, 30s, 5m, 1h, 90d",
            "GRACE            | PT-1H         | not negative",
            "FUTURE_TOLERANCE | soon          | 500ms, 30s, 5m, 1h, 90d",
            "MAX_BATCH_SIZE   | 1.5           | a whole number from 1",
            "MAX_WINDOWS      | 0             | a whole number from 1",
            "PORT             | 70000         | a whole number from 0 to 65535",
            "BIND             | ' '           | non-empty",
            "MAX_BODY_SIZE    | 16TB          | 512KB, 16MB",
            "MAX_BODY_SIZE    | 3GB           | between 1 byte and 2GB",
            "MAX_BODY_SIZE    | 17179869185GB | between 1 byte and 2GB",
            "SWEEP_INTERVAL   | 0ms           | positive",
            "MONGO_URI        | http://x      | mongodb://",
            "MONGO_DATABASE   | ' '           | non-empty",
            "TIMESERIES_FALLBACK | yes        | true or false",
            "EMBEDDED_MONGO   | 1             | true or false"})
    void aBadFlagValueStopsWithOneLineNamingKeySourceAndWhatIsAllowed(ConfigKey key, String value, String allowed) {
        assertThatThrownBy(() -> ConfigLoader.load(flags(key, value), null, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("invalid " + key.key() + " ")
                .hasMessageContaining("(from flag " + key.flag() + ")")
                .hasMessageContaining(allowed)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aBadEnvironmentValueNamesTheVariable() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_BUCKET_WIDTH", "soon")))
                .hasMessage("invalid bucketWidth 'soon' (from environment variable BUCKETRY_BUCKET_WIDTH): "
                        + "expected a duration such as 500ms, 30s, 5m, 1h, 90d or ISO-8601 PT5M");
    }

    @Test
    void aBadFileValueNamesTheFile() throws IOException {
        Path file = file("port: eighty\n");

        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), file, Map.of()))
                .hasMessage("invalid port 'eighty' (from configuration file " + file
                        + "): expected a whole number from 0 to 65535");
    }

    @Test
    void anUnknownKeyInTheFileStopsWithTheKnownKeys() throws IOException {
        Path file = file("bucketwidth: 1h\n");

        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), file, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("unknown key 'bucketwidth' in configuration file " + file)
                .hasMessageContaining("known keys: backend, bucketPolicy, bucketWidth");
    }

    @Test
    void aNestedValueMalformedYamlOrMissingFileStopWithOneLine() throws IOException {
        Path nested = file("retention:\n  days: 90\n");
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), nested, Map.of()))
                .hasMessageStartingWith("invalid retention in configuration file").hasMessageContaining("single value");

        Path broken = dir.resolve("broken.yaml");
        Files.writeString(broken, "backend: [inmemory\n");
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), broken, Map.of()))
                .hasMessageStartingWith("configuration file " + broken + " is not valid YAML")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));

        Path missing = dir.resolve("missing.yaml");
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), missing, Map.of()))
                .hasMessage("configuration file " + missing + " does not exist");
    }

    @Test
    void anInvalidMongoUriIsEchoedWithoutItsCredentials() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("MONGODB_URI", "mongo://alice:s3cret@db")))
                .hasMessageContaining("***@db")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("s3cret").doesNotContain("alice"));
    }

    @Test
    void theConfigurationsTextNeverShowsMongoCredentials() {
        AppConfig config = ConfigLoader.load(Map.of(), null, Map.of("MONGODB_URI", "mongodb://alice:s3cret@db:27017"));

        assertThat(config.store().mongo().uri()).isEqualTo("mongodb://alice:s3cret@db:27017");
        assertThat(config.toString()).doesNotContain("s3cret").contains("mongodb://***@db:27017");
    }

    @Test
    void aKeySetTwiceInTheFileIsAnErrorNamingTheKeyAndTheLine() throws IOException {
        Path file = file("retention: 30d\nbucketWidth: 1h\nretention: 60d\n");

        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), file, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("configuration file " + file + " sets retention twice (line 3); keep one");
    }

    @Test
    void aFileWithASecondYamlDocumentIsRefusedNamingTheLineWhereItStarts() throws IOException {
        // given: a '---' on line 3, so that the second document's content is on line 4
        Path file = file("retention: 30d\nbucketWidth: 1h\n---\nretention: 40d\n");

        // when / then
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), file, Map.of()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("configuration file " + file + " holds a second YAML document (line 4); put all keys"
                        + " in one document, without '---'");
    }

    @Test
    void aFileOfOneDocumentThatStartsWithAMarkerIsRead() throws IOException {
        Path file = file("---\nretention: 40d\n");

        assertThat(ConfigLoader.load(Map.of(), file, Map.of()).store().retention()).isEqualTo(Duration.ofDays(40));
    }

    @Test
    void anEmptyOrBlankEnvironmentVariableCountsAsUnset() {
        AppConfig config = ConfigLoader.load(Map.of(), null,
                Map.of("BUCKETRY_PORT", "", "BUCKETRY_BACKEND", "  ", "MONGODB_URI", "", "BUCKETRY_CONFIG", ""));

        assertThat(config).isEqualTo(AppConfig.defaults());
    }

    @Test
    void theEnvironmentOfKeysACommandDoesNotUseIsNotRead() {
        Map<String, String> env = Map.of("BUCKETRY_PORT", "abc", "BUCKETRY_RETENTION", "7d");

        AppConfig config = ConfigLoader.load(Map.of(), null, env, Set.of(ConfigKey.PORT), warning -> { });

        assertThat(config.server().port()).isEqualTo(ServerConfig.DEFAULT_PORT);
        assertThat(config.store().retention()).isEqualTo(Duration.ofDays(7));
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, env)).hasMessageContaining("invalid port 'abc'");
    }

    @Test
    void anInvalidValueIsReportedEvenWhenASourceOfHigherPrecedenceOverridesIt() throws IOException {
        Path file = file("port: eighty\n");

        assertThatThrownBy(() -> ConfigLoader.load(flags(ConfigKey.PORT, "8081"), file, Map.of("BUCKETRY_PORT", "8082")))
                .hasMessage("invalid port 'eighty' (from configuration file " + file
                        + "): expected a whole number from 0 to 65535");
        assertThatThrownBy(() -> ConfigLoader.load(flags(ConfigKey.RETENTION, "7d"), null, Map.of("BUCKETRY_RETENTION", "ever")))
                .hasMessageStartingWith("invalid retention 'ever' (from environment variable BUCKETRY_RETENTION)");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            embeddedMongo: true                                 | embeddedMongo has no effect with backend inmemory
            timeseriesFallback: true                            | timeseriesFallback has no effect with backend inmemory
            'backend: mongo-bucket\\ntimeseriesFallback: true'   | timeseriesFallback has no effect with backend mongo-bucket
            mongoDatabase: db                                   | mongoDatabase has no effect with backend inmemory
            'mongoUri: mongodb://h\\nmongoCollection: c'         | mongoUri, mongoCollection have no effect with backend inmemory
            'backend: mongo-bucket\\nembeddedMongo: true\\nmongoUri: mongodb://h' | mongoUri is not used: embeddedMongo starts a test server
            'bucketPolicy: paged\\nbucketWidth: 2h'              | bucketWidth has no effect with bucketPolicy paged
            'bucketPolicy: paged\\nbucketWidth: 2h\\nbucketMaxCount: 5' | bucketWidth, bucketMaxCount have no effect with bucketPolicy paged
            'bucketWidth: 30d\\nretention: 7d'                   | bucketWidth 30d is longer than retention 7d
            """)
    void aSettingThatCannotBeMeantGivesOneWarning(String yaml, String warning) throws IOException {
        List<String> warnings = new ArrayList<>();

        ConfigLoader.load(Map.of(), file(yaml.replace("\\n", "\n")), Map.of(), Set.of(), warnings::add);

        assertThat(warnings).singleElement().asString().startsWith(warning).doesNotContain("\n");
    }

    @Test
    void sensibleSettingsGiveNoWarning() throws IOException {
        List<String> warnings = new ArrayList<>();
        Path file = file("backend: mongo-timeseries\ntimeseriesFallback: true\nembeddedMongo: true\nbucketWidth: 7d\n"
                + "mongoDatabase: db\npageSize: 10\n");

        ConfigLoader.load(flags(ConfigKey.BUCKET_POLICY, "windowed"), file, Map.of(), Set.of(), warnings::add);

        assertThat(warnings).isEmpty();
    }

    @Test
    void theConfigurationLineListsEveryKeyInTheOrderItAlwaysHad() {
        // given: the line serve prints at start
        String line = AppConfig.defaults().toString();

        // then: the store's and the server's keys, interleaved as before they were two configurations; security last
        assertThat(java.util.regex.Pattern.compile("(?:^| )(\\w+)=").matcher(line).results().map(m -> m.group(1)))
                .containsExactly("backend", "bucketPolicy", "bucketWidth", "bucketMaxCount", "pageSize", "retention",
                        "grace", "futureTolerance", "maxBatchSize", "maxWindows", "port", "bind", "maxBodySize",
                        "sweepInterval", "mongoUri", "mongoDatabase", "mongoCollection", "timeseriesFallback",
                        "embeddedMongo", "memoryLimit", "mongoTimeout", "mongoLayout", "mongoTags",
                        "bodyReadTimeout",
                        "maxConcurrentIngests", "drainTimeout", "lineProtocolSeriesId", "accessLog", "ingestParallelism",
                        "sealAfter", "rollups", "subWindow", "tokens", "metricsOpen", "tls");
    }
}
