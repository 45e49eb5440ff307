package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoException;
import com.mongodb.ReadPreference;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.event.CommandListener;
import io.bucketry.adapter.mongo.common.CommandCounter;
import io.bucketry.adapter.mongo.common.MongoConnections;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.adapter.mongo.common.layout.CollectionLayout;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.adapter.mongo.common.layout.LayoutGuard;
import io.bucketry.adapter.mongo.common.layout.LayoutStart;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.BsonDocument;
import org.bson.Document;

import java.util.List;
import java.util.Objects;

/**
 * How a {@link MongoTimeSeriesReadingStore} is opened: the checks made before anything connects, the
 * connection, the layout record and the collection's setup ({@link CollectionSetup}), and the parts its
 * port methods hand their work to, wired once; split from the store so that it reads as the port's methods only.
 */
final class StoreOpening {

    /** The client's application name unless the connection string sets appName. */
    static final String APPLICATION_NAME = "bucketry-timeseries";

    /** What a store is made of, wired for one collection and policy ({@code queried}: the collection plain queries read). */
    record Parts(MongoClient client, StoreLayout layout, MongoCollection<Document> queried, CommandCounter counter,
                 ReadingWriter writer, ReadingQueries queries, StatisticsReader statistics, ReadingRemover remover,
                 MongoFailures failures, SeriesLister lister, Lastpoints lastpoints, List<String> startNotes,
                 TagReads tagReads, String where) {
    }

    private StoreOpening() {
    }

    /** See {@link MongoTimeSeriesReadingStore#open(MongoTimeSeriesSettings, BucketPolicy, RetentionPolicy, CommandListener)}. */
    static MongoTimeSeriesReadingStore open(MongoTimeSeriesSettings settings, BucketPolicy requested,
                                            RetentionPolicy retention, CommandListener extraListener) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(requested, "policy");
        Objects.requireNonNull(retention, "retention");
        if (!(requested instanceof BucketPolicy.Windowed policy)) {
            throw new IllegalArgumentException(StartMessages.pagedPolicy(requested.maxCount()));
        }
        CommandCounter counter = new CommandCounter();
        MongoClient client = MongoConnections.client(settings, APPLICATION_NAME, counter, extraListener);
        try {
            // Every read at start decides a write (create the collection, an index): never from a secondary.
            MongoDatabase database = client.getDatabase(settings.database()).withReadPreference(ReadPreference.primary());
            ServerFeatures features = ServerFeatures.read(database, client.getDatabase("admin"));
            String where = StatisticsReader.BACKEND + " collection " + settings.database() + "." + settings.collection();
            CollectionInfo existing = CollectionInfo.find(database, settings.collection());
            // The layout first, so that a changed width is refused for what it is, before any expiry check.
            LayoutDocuments records = new LayoutDocuments(database, settings.collection());
            CollectionLayout configured = CollectionLayout.of(StatisticsReader.BACKEND, policy, retention,
                    UnrecordedCollection.serverOptions(existing));
            Boolean tags = UnrecordedCollection.tags(existing, records, settings.tags());
            LayoutStart layoutStart = LayoutGuard.start(records, tags == null ? configured : configured.withTags(tags),
                    false, where, () -> UnrecordedCollection.inspect(database, existing, policy));
            StoreLayout layout = CollectionSetup.prepare(database, features, settings, policy, retention, layoutStart);
            List<String> notes = layoutStart.confirm(UnrecordedCollection.serverOptions(
                    CollectionInfo.find(database, settings.collection())));
            return new MongoTimeSeriesReadingStore(wire(client, settings, layout, policy, counter, notes));
        } catch (MongoException e) {
            client.close();
            throw new StoreUnavailableException("mongo-timeseries: cannot prepare collection "
                    + settings.database() + "." + settings.collection() + " at "
                    + settings.redactedUri() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /** The leases of series stripes, created with their index. */
    private static StoreOnce storeOnce(MongoDatabase database, MongoTimeSeriesSettings settings) {
        SeriesLeases leases = new SeriesLeases(database.getCollection(settings.collection() + ".series_leases"), settings.timeout());
        leases.createIndexes();
        return new LeasedStoreOnce(leases);
    }

    private static Parts wire(MongoClient client, MongoTimeSeriesSettings settings, StoreLayout layout,
                              BucketPolicy.Windowed policy, CommandCounter counter, List<String> startNotes) {
        MongoFailures failures = MongoConnections.failures(settings, StatisticsReader.BACKEND);
        // The layout's collection reads from the primary (reads there decide writes); plain queries and
        // statistics follow the connection string's read preference.
        MongoDatabase database = client.getDatabase(settings.database());
        MongoCollection<Document> queried = layout.collection().withReadPreference(database.getReadPreference());
        ReadingWriter writer = new ReadingWriter(layout.collection(), storeOnce(database, settings), policy, counter,
                StoredIdentities.orPushedDown(layout), layout.meta());
        ReadingQueries queries = new ReadingQueries(queried, !layout.fallback(), layout.meta());
        StatisticsReader statistics = new StatisticsReader(database, queried, layout.fallback(), layout.meta());
        ReadingRemover remover = new ReadingRemover(layout, new StatisticsReader(
                database.withReadPreference(ReadPreference.primary()), layout.collection(), layout.fallback(), layout.meta()),
                policy);
        SeriesLister lister = new SeriesLister(queried.withDocumentClass(BsonDocument.class), layout.meta());
        return new Parts(client, layout, queried, counter, writer, queries, statistics, remover, failures, lister,
                new Lastpoints(queried, queries, layout.meta()), List.copyOf(startNotes),
                new TagReads(queried, layout.meta(), lister),
                StatisticsReader.BACKEND + " collection " + settings.database() + "." + settings.collection());
    }
}
