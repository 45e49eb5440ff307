package io.bucketry.adapter.mongo.bucket;

import com.mongodb.ReadPreference;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.adapter.mongo.common.layout.CollectionLayout;
import io.bucketry.adapter.mongo.common.layout.LayoutDocuments;
import io.bucketry.adapter.mongo.common.layout.LayoutGuard;
import io.bucketry.adapter.mongo.common.layout.LayoutStart;
import io.bucketry.adapter.mongo.common.layout.LayoutWatch;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.bson.BsonDocument;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore.BACKEND;

/**
 * What a start does to the collection before the store serves: settles the layout record (the
 * document layout and the sub-window width included), ensures the indexes (the sealed layout's too), and records the layout.
 */
final class CollectionStart {

    private CollectionStart() {
    }

    /**
     * The layout this start records or compares: with the document layout and the sub-window width, since
     * buckets keep summaries of that width (with another, aggregates could not use them and would read every reading).
     */
    static CollectionLayout configured(MongoBucketSettings settings, BucketPolicy policy, RetentionPolicy retention) {
        Duration subWindow = policy instanceof BucketPolicy.Windowed windowed ? windowed.subWindows().width() : Duration.ZERO;
        CollectionLayout layout = CollectionLayout.of(BACKEND, policy, retention, Map.of()).withDocuments(settings.layout().id())
                .withSubWindow(subWindow);
        // A page is exactly N readings whatever their tags: paged buckets keep none.
        Boolean tags = policy instanceof BucketPolicy.Paged ? Boolean.FALSE : settings.tags();
        return tags == null ? layout : layout.withTags(tags);
    }

    /**
     * What a start leaves the store: the notes for the operator, the watch on the record it started with, and
     * whether its documents keep tags (as recorded).
     */
    record Started(List<String> notes, LayoutWatch watch, boolean tags) {
    }

    /** Answers the notes and the watch; throws as {@link MongoBucketReadingStore#open} says. */
    static Started prepare(MongoDatabase database, MongoCollection<BsonDocument> buckets, MongoBucketSettings settings,
                                BucketPolicy policy, RetentionPolicy retention, MongoFailures failures) {
        String where = BACKEND + " collection " + settings.database() + "." + settings.collection();
        String at = " of " + settings.database() + "." + settings.collection() + " at " + settings.redactedUri();
        // The layout first: a changed width must be refused for what it is, before the TTL check sees it.
        LayoutDocuments records = new LayoutDocuments(database, settings.collection());
        LayoutStart layout = failures.translate("read the layout record" + at, () -> LayoutGuard.start(records,
                configured(settings, policy, retention),
                true, where, () -> UnrecordedBuckets.inspect(buckets, policy)));
        failures.translate("prepare the indexes" + at, () -> BucketIndexes.ensure(database,
                buckets.withReadPreference(ReadPreference.primary()), policy, retention, layout));
        if (layout.layout().keepsTags()) {
            failures.translate("prepare the tag index" + at, () -> TagIndex.ensure(buckets));
        }
        if (settings.layout() == DocumentLayout.SEALED) {
            failures.translate("prepare the sealing index" + at, () -> SealedIndex.ensure(buckets));
        }
        List<String> notes = failures.translate("record the layout" + at, () -> layout.confirm());
        return new Started(notes, new LayoutWatch(records, layout.layout(), true, where), layout.layout().keepsTags());
    }
}
