package io.bucketry.adapter.mongo.common.layout;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.ReadPreference;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import org.bson.BsonValue;
import org.bson.Document;

import java.util.Optional;

/**
 * The layout record of one collection of either Mongo store: a document {@code _id: <collection name>}
 * in the database's {@value #COLLECTION} collection, beside the readings rather than among them (a
 * native time-series collection cannot hold a document of another shape).
 */
public final class LayoutDocuments implements LayoutRecords {

    public static final String COLLECTION = "bucketry_layouts";

    private final MongoCollection<Document> layouts;
    private final String name;

    public LayoutDocuments(MongoDatabase database, String collection) {
        // The record decides whether a start may write: read it where it is written.
        this.layouts = database.getCollection(COLLECTION).withReadPreference(ReadPreference.primary());
        this.name = collection;
    }

    /** True when a command's target (its first value) is the layouts collection. */
    public static boolean isTarget(BsonValue target) {
        return target != null && target.isString() && COLLECTION.equals(target.asString().getValue());
    }

    @Override
    public Optional<CollectionLayout> find() {
        Document record = layouts.find(Filters.eq("_id", name)).first();
        return record == null ? Optional.empty() : Optional.of(CollectionLayout.fromFields(record));
    }

    @Override
    public boolean insert(CollectionLayout layout) {
        try {
            layouts.insertOne(document(layout));
            return true;
        } catch (MongoWriteException e) {
            if (e.getError().getCategory() == ErrorCategory.DUPLICATE_KEY) {
                return false; // another start recorded its layout first; the caller compares with it
            }
            throw e;
        }
    }

    @Override
    public void replace(CollectionLayout layout) {
        layouts.replaceOne(Filters.eq("_id", name), document(layout));
    }

    /** The record of {@code layout} as stored: {@code _id} the collection's name, then the layout's fields. */
    public Document document(CollectionLayout layout) {
        Document document = new Document("_id", name);
        document.putAll(layout.toFields());
        return document;
    }
}
