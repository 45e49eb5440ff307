package io.bucketry.adapter.mongo.bucket;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.bucketry.adapter.mongo.common.CommandCounter;
import io.bucketry.adapter.mongo.common.MongoConnections;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.adapter.mongo.common.layout.LayoutWatch;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.BsonDocument;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

import static io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore.BACKEND;

/**
 * How a {@link MongoBucketReadingStore} is opened: the checks made before anything connects, the
 * connection and the collection's start ({@link CollectionStart}), and the parts its port methods
 * hand their work to, wired once; split from the store so that it reads as the port's methods only.
 */
final class StoreOpening {

    /** What a store is made of, wired for one collection, policy and layout ({@code sealing}: null in the row layout). */
    record Parts(MongoClient client, MongoCollection<BsonDocument> buckets, BucketPolicy policy, CommandCounter counter,
                 MongoFailures failures, List<String> startNotes, LayoutWatch watch, DocumentLayout layout, boolean tags,
                 SealingSchedule sealing,
                 BucketWriter writer, BucketReader reader, PageReader pages, BucketAggregator aggregator,
                 StatisticsReader statistics, SeriesLister lister, SeriesDeletion deletion, Lastpoints lastpoints,
                 GroupedAggregates grouped, TagQueries tagQueries, String where) {
    }

    private StoreOpening() {
    }

    /** See {@link MongoBucketReadingStore#open(MongoBucketSettings, BucketPolicy, RetentionPolicy, Clock, boolean)}. */
    static MongoBucketReadingStore open(MongoBucketSettings settings, BucketPolicy policy, RetentionPolicy retention,
                                        Clock clock, boolean sealOnWrite) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(retention, "retention");
        MongoBucketReadingStore.checkRetention(policy, retention);
        if (Boolean.TRUE.equals(settings.tags()) && !(policy instanceof BucketPolicy.Windowed)) {
            throw new IllegalArgumentException("mongo-bucket keeps tags in windowed buckets only: a page holds exactly"
                    + " its size in readings, whatever tags they were written with; use the windowed bucket policy, or"
                    + " leave the mongoTags setting unset");
        }
        if (settings.layout() == DocumentLayout.SEALED && !(policy instanceof BucketPolicy.Windowed)) {
            throw new IllegalArgumentException("the mongo-bucket layout 'sealed' seals windows, so it needs the windowed"
                    + " bucket policy, not paged; use layout 'rows' for paged buckets");
        }
        CommandCounter counter = new CommandCounter();
        MongoClient client = MongoConnections.client(settings, "bucketry-" + BACKEND, counter);
        try {
            MongoDatabase database = client.getDatabase(settings.database());
            MongoCollection<BsonDocument> buckets = database.getCollection(settings.collection(), BsonDocument.class);
            MongoFailures failures = MongoConnections.failures(settings, MongoBucketReadingStore.BACKEND);
            CollectionStart.Started started = CollectionStart.prepare(database, buckets, settings, policy, retention, failures);
            Parts parts = wire(client, buckets, policy, counter, failures, started, settings, clock, sealOnWrite);
            MongoBucketReadingStore store = new MongoBucketReadingStore(parts);
            if (parts.sealing() != null) {
                parts.sealing().start(failures);
            }
            return store;
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    private static Parts wire(MongoClient client, MongoCollection<BsonDocument> buckets, BucketPolicy policy,
                              CommandCounter counter, MongoFailures failures, CollectionStart.Started started,
                              MongoBucketSettings settings, Clock clock, boolean sealOnWrite) {
        DocumentLayout layout = settings.layout();
        boolean sealed = layout == DocumentLayout.SEALED;
        BucketKnowledge knowledge = new BucketKnowledge(buckets);
        SealingSchedule sealing = sealed ? new SealingSchedule(new WindowSealer(knowledge.collection(), (BucketPolicy.Windowed) policy,
                settings.sealPolicy()), (BucketPolicy.Windowed) policy, counter, clock, sealOnWrite) : null;
        IngestPlanner planner = policy instanceof BucketPolicy.Windowed windowed
                ? new WindowedPlanner(windowed, knowledge, sealed ? sealing::mayBeSealed : start -> false)
                : new PagedPlanner(policy, knowledge);
        BucketWriter writer = new BucketWriter(buckets, policy, planner, counter, sealed, started.tags());
        BucketQueries queries = new BucketQueries(buckets, policy);
        BucketReader reader = new BucketReader(buckets, queries, sealed);
        SeriesLister lister = new SeriesLister(buckets);
        BucketAggregator aggregator = new BucketAggregator(buckets, policy, queries, sealed);
        return new Parts(client, buckets, policy, counter, failures, List.copyOf(started.notes()), started.watch(), layout,
                started.tags(), sealing, writer,
                reader, new PageReader(buckets, queries, sealed),
                aggregator, new StatisticsReader(buckets, BACKEND, sealed),
                lister, new SeriesDeletion(knowledge, sealed), new Lastpoints(buckets, reader, sealed),
                new GroupedAggregates(buckets, queries, aggregator),
                new TagQueries(buckets, policy, reader, lister, sealed),
                BACKEND + " collection " + settings.database() + "." + settings.collection());
    }
}
