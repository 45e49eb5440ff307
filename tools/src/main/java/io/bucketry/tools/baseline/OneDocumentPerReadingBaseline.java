package io.bucketry.tools.baseline;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertManyOptions;
import io.bucketry.adapter.mongo.bucket.MongoBucketReadingStore;
import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.adapter.mongo.common.CommandCounter;
import io.bucketry.adapter.mongo.common.MongoConnections;
import io.bucketry.adapter.mongo.common.MongoFailures;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.FieldValue;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonString;
import org.bson.RawBsonDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The seeds' "incorrect" schema, for side-by-side measurements: one document per reading
 * {@code {sensorId, timestamp, <fields>}} with an index {@code {sensorId: 1, timestamp: 1}}, in
 * the collection {@code <collection>_baseline}, which is emptied when opened.
 */
public final class OneDocumentPerReadingBaseline implements AutoCloseable {

    private static final int MAX_MEASURED = 100_000;
    private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);

    private final MongoClient client;
    private final MongoCollection<BsonDocument> documents;
    private final CommandCounter counter;
    private final MongoFailures failures;
    private long nanosWriting;

    private OneDocumentPerReadingBaseline(MongoClient client, MongoCollection<BsonDocument> documents, CommandCounter counter,
                                          MongoFailures failures) {
        this.client = client;
        this.failures = failures;
        this.documents = documents;
        this.counter = counter;
    }

    /** Opens (and empties) the baseline collection next to the buckets of {@code settings}. */
    public static OneDocumentPerReadingBaseline open(MongoBucketSettings settings) {
        Objects.requireNonNull(settings, "settings");
        String name = settings.collection() + "_baseline";
        CommandCounter counter = new CommandCounter();
        MongoClient client = MongoConnections.client(settings, "bucketry-baseline", counter);
        try {
            MongoCollection<BsonDocument> documents = client.getDatabase(settings.database())
                    .getCollection(name, BsonDocument.class);
            MongoFailures failures = MongoConnections.failures(settings, MongoBucketReadingStore.BACKEND);
            failures.translate("prepare the baseline collection " + name, () -> {
                documents.drop();
                documents.createIndex(Indexes.ascending("sensorId", "timestamp"), new IndexOptions().name("sensorId_1_timestamp_1"));
            });
            return new OneDocumentPerReadingBaseline(client, documents, counter, failures);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    /** Inserts one document per reading with one unordered insertMany (the driver splits above 100,000). */
    public void write(List<Reading> readings) {
        if (readings.isEmpty()) {
            return;
        }
        List<BsonDocument> batch = new ArrayList<>(readings.size());
        for (Reading reading : readings) {
            batch.add(document(reading));
        }
        long started = System.nanoTime();
        failures.translate("write the baseline", () -> {
            documents.insertMany(batch, UNORDERED);
        });
        synchronized (this) {
            nanosWriting += System.nanoTime() - started;
        }
    }

    static BsonDocument document(Reading reading) {
        BsonDocument document = new BsonDocument("sensorId", new BsonString(reading.series().value()))
                .append("timestamp", new BsonDateTime(reading.epochMilli()));
        Fields fields = reading.fields();
        FieldSchema schema = fields.schema();
        for (int i = 0; i < schema.size(); i++) {
            if (fields.valueAt(i) instanceof FieldValue.Numeric numeric) {
                document.append(schema.name(i), new BsonDouble(numeric.value()));
            } else if (fields.valueAt(i) instanceof FieldValue.Text text) {
                document.append(schema.name(i), new BsonString(text.value()));
            }
        }
        return document;
    }

    /** Documents stored (one per reading). */
    public long documents() {
        return failures.translate("count baseline documents", () -> documents.countDocuments());
    }

    /**
     * Mean BSON size of a stored document as the server returns it (with its generated _id),
     * measured on up to the first 100,000 documents; excludes index entries.
     */
    public double bytesPerReading() {
        return failures.translate("measure baseline documents", () -> {
            long bytes = 0;
            long measured = 0;
            for (RawBsonDocument document : documents.withDocumentClass(RawBsonDocument.class).find()
                    .limit(MAX_MEASURED).batchSize(1000)) {
                bytes += document.getByteBuffer().remaining();
                measured++;
            }
            return measured == 0 ? 0.0 : (double) bytes / measured;
        });
    }

    /** Write commands sent (insert commands, counted by a driver CommandListener). */
    public long writeCommands() {
        return counter.metrics().writeCommands();
    }

    /** Wall-clock seconds spent inside {@link #write}. */
    public synchronized double secondsWriting() {
        return nanosWriting / 1e9;
    }

    /** The baseline collection's name. */
    public String collection() {
        return documents.getNamespace().getCollectionName();
    }

    @Override
    public void close() {
        client.close();
    }
}
