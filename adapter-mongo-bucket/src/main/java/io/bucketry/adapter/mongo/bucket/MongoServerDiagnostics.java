package io.bucketry.adapter.mongo.bucket;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.event.CommandListener;
import io.bucketry.adapter.mongo.common.MongoConnections;
import io.bucketry.adapter.mongo.common.MongoFailures;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.Document;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a MongoDB server says about itself and one database, as plain values for {@code check} and
 * {@code simulate}: version and featureCompatibilityVersion, a collection's indexes and options,
 * its stored sizes (see {@link StorageProbe}), and dropping what a scratch run created. Any backend's
 * collections can be inspected; nothing of the driver crosses this type.
 */
public final class MongoServerDiagnostics implements AutoCloseable {

    /** Version of the server binary and its featureCompatibilityVersion (null when refused, with the reason). */
    public record Server(String version, String featureCompatibilityVersion, String fcvNote) {
    }

    /** One index as listIndexes reports it; {@code expireAfterSeconds} null when not a TTL index. */
    public record Index(String name, String keyJson, boolean unique, Long expireAfterSeconds) {
    }

    /** One collection as listCollections reports it: its type and its options as JSON. */
    public record Collection(String name, String type, String optionsJson) {
    }

    /** What its failures start with: it serves every backend, so it names none. */
    static final String WHO = "MongoDB server diagnostics";

    private final MongoClient client;
    private final MongoDatabase database;
    private final MongoFailures failures;

    private MongoServerDiagnostics(MongoClient client, MongoDatabase database, MongoFailures failures) {
        this.client = client;
        this.database = database;
        this.failures = failures;
    }

    /** Connects to the server of {@code settings} and inspects its database (the collection is not used). */
    public static MongoServerDiagnostics open(MongoBucketSettings settings) {
        return open(settings, WHO);
    }

    /** The same, for a run of backend {@code who}: its failures start with that name. */
    public static MongoServerDiagnostics open(MongoBucketSettings settings, String who) {
        Objects.requireNonNull(settings, "settings");
        MongoClient client = MongoConnections.client(settings, "bucketry-diagnostics", new CommandListener() { });
        return new MongoServerDiagnostics(client, client.getDatabase(settings.database()),
                MongoConnections.failures(settings, who));
    }

    public Server server() {
        String version = failures.translate("read buildInfo",
                () -> database.runCommand(new Document("buildInfo", 1)).getString("version"));
        try {
            // The server gates features on the FCV, not on the binary (manual: setFeatureCompatibilityVersion).
            Document answer = client.getDatabase("admin").runCommand(
                    new Document("getParameter", 1).append("featureCompatibilityVersion", 1));
            Document fcv = answer.get("featureCompatibilityVersion", Document.class);
            String value = fcv == null ? null : fcv.getString("version");
            return new Server(version, value, value == null ? "getParameter answered without a version" : null);
        } catch (MongoException e) {
            return new Server(version, null, "getParameter featureCompatibilityVersion refused: " + reason(e));
        }
    }

    /** The indexes of {@code collection}, in listIndexes order; empty when it does not exist. */
    public List<Index> indexes(String collection) {
        return failures.translate("list the indexes of " + collection, () -> {
            List<Index> indexes = new ArrayList<>();
            for (BsonDocument index : database.getCollection(collection).listIndexes(BsonDocument.class)) {
                BsonValue ttl = index.get("expireAfterSeconds");
                indexes.add(new Index(index.getString("name").getValue(), index.getDocument("key").toJson(),
                        index.containsKey("unique") && index.get("unique").isBoolean() && index.getBoolean("unique").getValue(),
                        ttl == null || !ttl.isNumber() ? null : ttl.asNumber().longValue()));
            }
            return indexes;
        });
    }

    /** {@code name} as listCollections reports it, filtered here (the embedded test server ignores a filter). */
    public Optional<Collection> collection(String name) {
        return failures.translate("list the collections", () -> {
            for (Document entry : database.listCollections()) {
                if (name.equals(entry.getString("name"))) {
                    Document options = entry.get("options", Document.class);
                    String type = entry.getString("type");
                    return Optional.of(new Collection(name, type == null ? "collection" : type,
                            options == null ? "{}" : options.toJson()));
                }
            }
            return Optional.<Collection>empty();
        });
    }

    /** The names of the database's collections (system collections included). */
    public List<String> collectionNames() {
        return failures.translate("list the collections", () -> database.listCollectionNames().into(new ArrayList<>()));
    }

    /** Documents in {@code collection} (0 when it does not exist). */
    public long count(String collection) {
        return failures.translate("count " + collection, () -> database.getCollection(collection).countDocuments());
    }

    /** Stored sizes of {@code collection}, each measured by the server where it can. */
    public StorageProbe.Sizes storage(String collection) {
        return new StorageProbe(database, failures).sizes(collection);
    }

    /** The write concern a client of these settings sends: its {@code w} as text, or null when left to the server. */
    public static String clientWriteConcern(MongoBucketSettings settings) {
        try (MongoClient probe = MongoConnections.client(settings, "bucketry-diagnostics", new CommandListener() { })) {
            return describe(probe.getDatabase(settings.database()).getWriteConcern());
        }
    }

    static String describe(WriteConcern concern) {
        return concern == null || concern.getWObject() == null ? null : String.valueOf(concern.getWObject());
    }

    /** The server's default write concern (getDefaultRWConcern, 4.4+) as JSON, or the reason it is unknown. */
    public String defaultWriteConcern() {
        try {
            Document answer = client.getDatabase("admin").runCommand(new Document("getDefaultRWConcern", 1));
            Document concern = answer.get("defaultWriteConcern", Document.class);
            String source = answer.getString("defaultWriteConcernSource");
            return (concern == null ? "{}" : concern.toJson()) + (source == null ? "" : " (" + source + ")");
        } catch (MongoException e) {
            return "unknown: getDefaultRWConcern refused: " + reason(e);
        }
    }

    /** The server's own words: a command error's message without the driver's dump of the whole answer. */
    static String reason(MongoException e) {
        return e instanceof MongoCommandException command ? command.getErrorMessage() : e.getMessage();
    }

    public void drop(String collection) {
        failures.translate("drop " + collection, () -> database.getCollection(collection).drop());
    }

    public void dropDatabase() {
        failures.translate("drop database " + database.getName(), () -> database.drop());
    }

    @Override
    public void close() {
        client.close();
    }
}
