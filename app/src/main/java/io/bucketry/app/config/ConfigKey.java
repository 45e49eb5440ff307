package io.bucketry.app.config;

import io.bucketry.bootstrap.config.RollupsText;
import io.bucketry.bootstrap.config.ByteSizes;
import io.bucketry.bootstrap.config.Durations;
import io.bucketry.bootstrap.config.MongoLayout;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketPolicyKind;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.lineprotocol.SeriesIdRule;
import io.bucketry.server.security.AccessTokens;
import io.bucketry.domain.BucketPolicy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

/**
 * Every configuration key: its name in a YAML file, its environment variable, what is allowed, and
 * how a text value is applied to the store's or the server's builder. Flags name keys via {@link #flag()}.
 */
public enum ConfigKey {
    BACKEND("backend", "BUCKETRY_BACKEND", "one of " + Backend.names(),
            (b, v) -> b.store().backend(Backend.parse(v))),
    BUCKET_POLICY("bucketPolicy", "BUCKETRY_BUCKET_POLICY", BucketPolicyKind.ALLOWED,
            (b, v) -> b.store().bucketPolicy(BucketPolicyKind.parse(v))),
    BUCKET_WIDTH("bucketWidth", "BUCKETRY_BUCKET_WIDTH", "a positive " + Durations.ALLOWED.substring(2),
            (b, v) -> b.store().bucketWidth(Durations.parsePositive(v))),
    BUCKET_MAX_COUNT("bucketMaxCount", "BUCKETRY_BUCKET_MAX_COUNT", wholeNumber(1, BucketPolicy.MAX_COUNT_LIMIT),
            (b, v) -> b.store().bucketMaxCount(Numbers.parseInt(v, 1, BucketPolicy.MAX_COUNT_LIMIT))),
    PAGE_SIZE("pageSize", "BUCKETRY_PAGE_SIZE", wholeNumber(1, BucketPolicy.MAX_COUNT_LIMIT),
            (b, v) -> b.store().pageSize(Numbers.parseInt(v, 1, BucketPolicy.MAX_COUNT_LIMIT))),
    RETENTION("retention", "BUCKETRY_RETENTION", "a positive " + Durations.ALLOWED.substring(2),
            (b, v) -> b.store().retention(Durations.parsePositive(v))),
    GRACE("grace", "BUCKETRY_GRACE", "a non-negative " + Durations.ALLOWED.substring(2),
            (b, v) -> b.store().grace(Durations.parseNonNegative(v))),
    FUTURE_TOLERANCE("futureTolerance", "BUCKETRY_FUTURE_TOLERANCE", "a non-negative " + Durations.ALLOWED.substring(2),
            (b, v) -> b.store().futureTolerance(Durations.parseNonNegative(v))),
    MAX_BATCH_SIZE("maxBatchSize", "BUCKETRY_MAX_BATCH_SIZE", wholeNumber(1, Integer.MAX_VALUE),
            (b, v) -> b.store().maxBatchSize(Numbers.parseInt(v, 1, Integer.MAX_VALUE))),
    MAX_WINDOWS("maxWindows", "BUCKETRY_MAX_WINDOWS", wholeNumber(1, Integer.MAX_VALUE),
            (b, v) -> b.store().maxWindows(Numbers.parseInt(v, 1, Integer.MAX_VALUE))),
    PORT("port", "BUCKETRY_PORT", wholeNumber(0, 65_535) + " (0 picks a free port)",
            (b, v) -> b.server().port(Numbers.parseInt(v, 0, 65_535))),
    BIND("bind", "BUCKETRY_BIND", "a host name or IP address such as 127.0.0.1 or 0.0.0.0",
            (b, v) -> b.server().bind(Numbers.nonBlank(v))),
    MAX_BODY_SIZE("maxBodySize", "BUCKETRY_MAX_BODY_SIZE", ByteSizes.ALLOWED,
            (b, v) -> b.server().maxBodySize(ByteSizes.parse(v))),
    SWEEP_INTERVAL("sweepInterval", "BUCKETRY_SWEEP_INTERVAL", "a positive " + Durations.ALLOWED.substring(2),
            (b, v) -> b.store().sweepInterval(Durations.parsePositive(v))),
    MONGO_URI("mongoUri", "MONGODB_URI", "a MongoDB connection string such as mongodb://localhost:27017",
            (b, v) -> b.store().mongoUri(Numbers.mongoUri(v))),
    MONGO_DATABASE("mongoDatabase", "BUCKETRY_MONGO_DATABASE", "a database name",
            (b, v) -> b.store().mongoDatabase(Numbers.nonBlank(v))),
    MONGO_COLLECTION("mongoCollection", "BUCKETRY_MONGO_COLLECTION", "a collection name",
            (b, v) -> b.store().mongoCollection(Numbers.nonBlank(v))),
    TIMESERIES_FALLBACK("timeseriesFallback", "BUCKETRY_TIMESERIES_FALLBACK", "true or false",
            (b, v) -> b.store().timeseriesFallback(Numbers.parseBoolean(v))),
    EMBEDDED_MONGO("embeddedMongo", "BUCKETRY_EMBEDDED_MONGO", "true or false",
            (b, v) -> b.store().embeddedMongo(Numbers.parseBoolean(v))),
    MEMORY_LIMIT("memoryLimit", "BUCKETRY_MEMORY_LIMIT", "a share of the JVM's max heap from 1% to 95%, such as 50%",
            (b, v) -> b.store().memoryLimitPercent(Numbers.parsePercent(v, 1, 95))),
    MONGO_TIMEOUT("mongoTimeout", "BUCKETRY_MONGO_TIMEOUT", "a positive " + Durations.ALLOWED.substring(2),
            (b, v) -> b.store().mongoTimeout(Durations.parsePositive(v))),
    BODY_READ_TIMEOUT("bodyReadTimeout", "BUCKETRY_BODY_READ_TIMEOUT", "a positive " + Durations.ALLOWED.substring(2),
            (b, v) -> b.server().bodyReadTimeout(Durations.parsePositive(v))),
    MAX_CONCURRENT_INGESTS("maxConcurrentIngests", "BUCKETRY_MAX_CONCURRENT_INGESTS", wholeNumber(1, 10_000),
            (b, v) -> b.server().maxConcurrentIngests(Numbers.parseInt(v, 1, 10_000))),
    DRAIN_TIMEOUT("drainTimeout", "BUCKETRY_DRAIN_TIMEOUT", "a non-negative " + Durations.ALLOWED.substring(2),
            (b, v) -> b.server().drainTimeout(Durations.parseNonNegative(v))),
    LINE_PROTOCOL_SERIES_ID("lineProtocolSeriesId", "BUCKETRY_LINE_PROTOCOL_SERIES_ID", SeriesIdRule.ALLOWED,
            (b, v) -> b.server().lineProtocolSeriesId(SeriesIdRule.parse(v))),
    ACCESS_LOG("accessLog", "BUCKETRY_ACCESS_LOG", "true or false",
            (b, v) -> b.server().accessLog(Numbers.parseBoolean(v))),
    INGEST_PARALLELISM("ingestParallelism", "BUCKETRY_INGEST_PARALLELISM",
            wholeNumber(1, BucketryConfig.MAX_INGEST_PARALLELISM),
            (b, v) -> b.store().ingestParallelism(Numbers.parseInt(v, 1, BucketryConfig.MAX_INGEST_PARALLELISM))),
    SEAL_AFTER("sealAfter", "BUCKETRY_SEAL_AFTER", "a non-negative " + Durations.ALLOWED.substring(2)
            + " (0s seals a window as soon as it has ended)",
            (b, v) -> b.store().sealAfter(Durations.parseNonNegative(v))),
    ROLLUPS("rollups", "BUCKETRY_ROLLUPS", RollupsText.ALLOWED,
            (b, v) -> b.store().rollups(RollupsText.parse(v))),
    SUB_WINDOW("subWindow", "BUCKETRY_SUB_WINDOW", "off, or a positive " + Durations.ALLOWED.substring(2)
            + " that divides bucketWidth (e.g. 5m in 1h buckets)",
            (b, v) -> b.store().subWindow(offOrDuration(v))),
    MONGO_LAYOUT("mongoLayout", "BUCKETRY_MONGO_LAYOUT", MongoLayout.ALLOWED + " (mongo-bucket: rows, or sealed windows of compressed columns)",
            (b, v) -> b.store().mongoLayout(MongoLayout.parse(v))),
    MONGO_TAGS("mongoTags", "BUCKETRY_MONGO_TAGS", "true or false (the Mongo backends: whether a new collection keeps"
            + " tags; unset, a new one does and an existing one as its layout record says)",
            (b, v) -> b.store().mongoTags(Numbers.parseBoolean(v))),
    TOKENS("tokens", "BUCKETRY_TOKENS", AccessTokens.ALLOWED,
            (b, v) -> b.server().tokens(AccessTokens.parse(v))),
    METRICS_OPEN("metricsOpen", "BUCKETRY_METRICS_OPEN", "true or false (true: /metrics needs no token)",
            (b, v) -> b.server().metricsOpen(Numbers.parseBoolean(v))),
    TLS_KEYSTORE("tlsKeystore", "BUCKETRY_TLS_KEYSTORE", "the path of a PKCS12 keystore holding the server's key and certificate",
            (b, v) -> b.server().tlsKeystore(Path.of(Numbers.nonBlank(v)))),
    TLS_KEYSTORE_PASSWORD("tlsKeystorePassword", "BUCKETRY_TLS_KEYSTORE_PASSWORD", "the keystore's password",
            (b, v) -> b.server().tlsKeystorePassword(v)),
    TLS_CERT("tlsCert", "BUCKETRY_TLS_CERT", "the path of a PEM certificate chain (with tlsKey)",
            (b, v) -> b.server().tlsCert(Path.of(Numbers.nonBlank(v)))),
    TLS_KEY("tlsKey", "BUCKETRY_TLS_KEY", "the path of an unencrypted PKCS#8 PEM private key (with tlsCert)",
            (b, v) -> b.server().tlsKey(Path.of(Numbers.nonBlank(v))));

    private final String key;
    private final String env;
    private final String allowed;
    private final BiConsumer<AppConfig.Builder, String> apply;

    ConfigKey(String key, String env, String allowed, BiConsumer<AppConfig.Builder, String> apply) {
        this.key = key;
        this.env = env;
        this.allowed = allowed;
        this.apply = apply;
    }

    /** The key's name in a YAML file. */
    public String key() {
        return key;
    }

    /** The environment variable that sets this key. */
    public String env() {
        return env;
    }

    /** The command-line flag that sets this key ({@code bucketWidth} → {@code --bucket-width}). */
    public String flag() {
        return "--" + key.replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT);
    }

    public String allowed() {
        return allowed;
    }

    /** True when a value must never be printed as given (it may hold credentials). */
    public boolean sensitive() {
        return this == MONGO_URI || this == TLS_KEYSTORE_PASSWORD || this == TOKENS;
    }

    /** Applies {@code text}; IllegalArgumentException when it is not allowed. */
    void apply(AppConfig.Builder builder, String text) {
        apply.accept(builder, text);
    }

    /** The key named {@code name} in a file, or null. */
    public static ConfigKey byKey(String name) {
        return Arrays.stream(values()).filter(k -> k.key.equals(name)).findFirst().orElse(null);
    }

    public static String keys() {
        return Arrays.stream(values()).map(ConfigKey::key).collect(Collectors.joining(", "));
    }

    /** {@code off} (YAML reads an unquoted off as false) or 0: none; else a non-negative duration. */
    private static Duration offOrDuration(String text) {
        String value = text.strip();
        return value.equals("off") || value.equals("false") ? Duration.ZERO : Durations.parseNonNegative(value);
    }

    private static String wholeNumber(int min, int max) {
        return "a whole number from " + min + " to " + max;
    }
}
