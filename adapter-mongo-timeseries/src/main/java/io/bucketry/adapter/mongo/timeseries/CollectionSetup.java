package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.bucketry.adapter.mongo.common.layout.LayoutStart;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.Document;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Finds or creates the readings collection at start: a native time-series collection where the
 * server has them, otherwise (only when the fallback is enabled) a plain collection with the same
 * document layout. An existing collection of another kind is refused, never used silently.
 */
final class CollectionSetup {

    private static final int NAMESPACE_EXISTS = 48;
    private static final int INDEX_OPTIONS_CONFLICT = 85;
    private static final int INDEX_KEY_SPECS_CONFLICT = 86;

    private final MongoDatabase database;
    private final String name;
    private final String namespace;
    private final boolean fallbackAllowed;
    private final TimeSeriesOptions options;
    private final ServerFeatures version;
    private final LayoutStart layout;
    private final MetaField meta;
    private final List<String> warnings = new ArrayList<>();

    private CollectionSetup(MongoDatabase database, MongoTimeSeriesSettings settings, BucketPolicy.Windowed policy,
                            RetentionPolicy retention, ServerFeatures version, LayoutStart layout) {
        this.database = database;
        this.layout = layout;
        this.meta = MetaField.of(layout.layout().keepsTags());
        this.name = settings.collection();
        this.namespace = settings.database() + "." + settings.collection();
        this.fallbackAllowed = settings.fallback();
        this.version = version;
        Instant now = Instant.now(); // the server checks expireAfterSeconds against its own clock
        this.options = TimeSeriesOptions.derive(policy, retention, version, now);
        if (options.expireAfterSeconds() == null) {
            warnings.add(StartMessages.expiryOmitted(namespace, retention, TimeSeriesOptions.maxExpireAfterSeconds(now)));
        }
    }

    /**
     * Prepares the collection after its layout was checked ({@code layout}); refuses with an
     * IllegalStateException whose message says what to do.
     */
    static StoreLayout prepare(MongoDatabase database, ServerFeatures features, MongoTimeSeriesSettings settings,
                               BucketPolicy.Windowed policy, RetentionPolicy retention, LayoutStart layout) {
        return new CollectionSetup(database, settings, policy, retention, features, layout).prepare();
    }

    private StoreLayout prepare() {
        CollectionInfo info = CollectionInfo.find(database, name);
        if (info == null) {
            return createNew();
        }
        if (info.isTimeSeries()) {
            return useExisting(info);
        }
        if (!info.isPlain()) {
            throw new IllegalStateException(StartMessages.wrongLayout(namespace, info));
        }
        String missing = missingTimeSeries();
        if (missing == null) {
            throw new IllegalStateException(StartMessages.plainCollectionExists(namespace, version));
        }
        return fallback(missing);
    }

    private StoreLayout createNew() {
        if (!version.atLeast(ServerVersion.TIME_SERIES)) {
            return fallback(StartMessages.tooOld());
        }
        createTimeSeries(name);
        CollectionInfo created = CollectionInfo.find(database, name);
        if (created != null && created.isTimeSeries()) {
            return useExisting(created);
        }
        String why = StartMessages.createdPlain(namespace);
        if (!fallbackAllowed) {
            database.getCollection(name).drop(); // we created it; leave nothing behind that a later start would refuse
        }
        return fallback(why);
    }

    private StoreLayout useExisting(CollectionInfo info) {
        if (!info.hasBucketryLayout(meta)) {
            throw new IllegalStateException(StartMessages.wrongLayout(namespace, info, meta));
        }
        if (version.warning() != null) {
            warnings.add(version.warning());
        }
        Long wanted = options.expireAfterSeconds();
        Number actual = info.expireAfterSeconds();
        if (!Objects.equals(wanted, actual == null ? null : actual.longValue())) {
            String warning = ExpiryFollows.collection(database, name, namespace, actual, wanted, layout);
            if (warning != null) {
                warnings.add(warning);
            }
        }
        if (!version.atLeast(ServerVersion.META_DELETES)) {
            warnings.add(StartMessages.noDeletes(version) + ": deleting a series will fail");
        }
        if (!version.atLeast(ServerVersion.ANY_DELETES)) {
            warnings.add(StartMessages.noPhysicalEviction(version));
        }
        seriesTimeIndex(database.getCollection(name));
        return new StoreLayout(database.getCollection(name), version, false, List.copyOf(warnings), meta);
    }

    private StoreLayout fallback(String why) {
        if (!fallbackAllowed) {
            throw new IllegalStateException(StartMessages.noTimeSeries(version, why));
        }
        var collection = database.getCollection(name);
        seriesTimeIndex(collection);
        warnings.add(StartMessages.fallback(namespace, version, why, meta));
        if (options.expireAfterSeconds() != null) {
            expiryIndex(collection);
        }
        return new StoreLayout(collection, version, true, List.copyOf(warnings), meta);
    }

    /** Serves range reads, latest and the duplicate check; 6.3+ creates it with the collection already. */
    private void seriesTimeIndex(MongoCollection<Document> collection) {
        try {
            collection.createIndex(Indexes.ascending(meta.series, TimeSeriesOptions.TIME_FIELD));
        } catch (MongoCommandException e) {
            if (e.getErrorCode() != INDEX_OPTIONS_CONFLICT && e.getErrorCode() != INDEX_KEY_SPECS_CONFLICT) {
                throw e; // a conflict means the same keys are indexed under another name: fine
            }
        }
    }

    /** The fallback's retention: a TTL index on t; one of another retention follows a safe change, else is kept with a warning. */
    private void expiryIndex(MongoCollection<Document> collection) {
        long wanted = options.expireAfterSeconds();
        for (Document index : collection.listIndexes()) {
            if (new Document(TimeSeriesOptions.TIME_FIELD, 1).equals(index.get("key"))) {
                Number actual = index.get("expireAfterSeconds", Number.class);
                if (actual == null || actual.longValue() != wanted) {
                    String warning = ExpiryFollows.index(database, name, namespace, actual, wanted, layout);
                    if (warning != null) {
                        warnings.add(warning);
                    }
                }
                return;
            }
        }
        collection.createIndex(Indexes.ascending(TimeSeriesOptions.TIME_FIELD),
                new IndexOptions().expireAfter(wanted, TimeUnit.SECONDS));
    }

    /** Null when the server really creates time-series collections, else why it does not. */
    private String missingTimeSeries() {
        if (!version.atLeast(ServerVersion.TIME_SERIES)) {
            return StartMessages.tooOld();
        }
        String probe = name + ".tsprobe-" + UUID.randomUUID().toString().substring(0, 8);
        try {
            createTimeSeries(probe);
            CollectionInfo created = CollectionInfo.find(database, probe);
            return created != null && created.isTimeSeries() ? null
                    : StartMessages.createdPlain(database.getName() + "." + probe);
        } finally {
            database.getCollection(probe).drop();
        }
    }

    private void createTimeSeries(String collection) {
        try {
            database.runCommand(options.createCommand(collection, meta));
        } catch (MongoCommandException e) {
            if (e.getErrorCode() != NAMESPACE_EXISTS) { // another process created it first: verified next
                throw e;
            }
        }
    }
}
