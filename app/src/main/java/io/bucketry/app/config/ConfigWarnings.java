package io.bucketry.app.config;

import io.bucketry.domain.DurationText;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketPolicyKind;
import io.bucketry.bootstrap.config.BucketryConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Settings that are valid one by one but cannot be meant together; each is one warning line. */
final class ConfigWarnings {

    private ConfigWarnings() {
    }

    /** @param given the keys some flag, environment variable or file set */
    static List<String> of(BucketryConfig config, Set<ConfigKey> given) {
        List<String> warnings = new ArrayList<>();
        Backend backend = config.backend();
        boolean mongo = backend != Backend.INMEMORY;
        if (config.mongo().embedded() && !mongo) {
            warnings.add("embeddedMongo has no effect with backend " + backend
                    + "; it starts a test MongoDB server for the mongo-bucket and mongo-timeseries backends");
        }
        if (config.mongo().timeseriesFallback() && backend != Backend.MONGO_TIMESERIES) {
            warnings.add("timeseriesFallback has no effect with backend " + backend + "; it applies to mongo-timeseries only");
        }
        String mongoKeys = named(given, ConfigKey.MONGO_URI, ConfigKey.MONGO_DATABASE, ConfigKey.MONGO_COLLECTION);
        if (!mongo && !mongoKeys.isEmpty()) {
            warnings.add(mongoKeys + " " + (mongoKeys.contains(",") ? "have" : "has") + " no effect with backend " + backend);
        }
        if (!mongo && given.contains(ConfigKey.MONGO_TAGS)) {
            warnings.add("mongoTags has no effect with backend " + backend + ", which always keeps the tags each reading"
                    + " was written with");
        }
        if (mongo && config.mongo().embedded() && given.contains(ConfigKey.MONGO_URI)) {
            warnings.add("mongoUri is not used: embeddedMongo starts a test server in this process instead");
        }
        String windowKeys = named(given, ConfigKey.BUCKET_WIDTH, ConfigKey.BUCKET_MAX_COUNT);
        if (config.bucketPolicy() == BucketPolicyKind.PAGED && !windowKeys.isEmpty()) {
            warnings.add(windowKeys + " " + (windowKeys.contains(",") ? "have" : "has")
                    + " no effect with bucketPolicy paged; its buckets are pages of pageSize readings");
        }
        if (config.bucketPolicy() == BucketPolicyKind.WINDOWED && config.bucketWidth().compareTo(config.retention()) > 0) {
            warnings.add("bucketWidth " + DurationText.of(config.bucketWidth()) + " is longer than retention "
                    + DurationText.of(config.retention()) + ": a bucket is kept until its whole window has expired, so"
                    + " storage holds readings up to a width past retention; choose a width well below the retention");
        }
        return warnings;
    }

    private static String named(Set<ConfigKey> given, ConfigKey... keys) {
        return Stream.of(keys).filter(given::contains).map(ConfigKey::key).collect(Collectors.joining(", "));
    }
}
