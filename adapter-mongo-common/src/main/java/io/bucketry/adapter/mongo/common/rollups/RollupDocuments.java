package io.bucketry.adapter.mongo.common.rollups;

import com.mongodb.client.model.DeleteOneModel;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexModel;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.WriteModel;
import io.bucketry.application.port.out.PendingRollup;
import io.bucketry.application.port.out.RollupKey;
import io.bucketry.application.port.out.RollupWindow;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.FieldSpan;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.Tags;
import io.bucketry.domain.TierSlice;
import io.bucketry.domain.TierWindow;
import io.bucketry.domain.WindowAggregate;
import org.bson.Document;
import org.bson.conversions.Bson;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The documents and write models of rollup storage. A window: {@code {s: series, w: tier ms, t: start,
 * n: count, f: {field: {n, min, max, sum, first, ft: its time ms, last, lt: its time ms}}, tags: {key: value},
 * v: version of the settle that wrote it}}, unique on (s, w, t); a window whose readings were written with
 * more than one set of tags (the series was re-tagged inside it) keeps instead of {@code tags} one slice per
 * set, {@code g: [{tags, n, f}]}, beside the whole in {@code n} and {@code f}. A window written before tier
 * windows kept tags has neither {@code tags} nor {@code g} nor times: it stays readable as a whole
 * ({@link #toWindow}), and tag queries do not read it ({@link MongoRollupStore#taggedSince}). An emptied window
 * is kept as a tombstone ({@code n: 0}) so that its version stays. A pending entry:
 * {@code {s, t: finest window start ms, b: token}}, unique on (s, t, b).
 */
final class RollupDocuments {

    private RollupDocuments() {
    }

    /** Windows that hold readings (not tombstones). */
    static final Bson HELD = Filters.gt("n", 0);

    static List<IndexModel> windowIndexes() {
        return List.of(new IndexModel(Indexes.ascending("s", "w", "t"), new IndexOptions().unique(true).name("series_tier_start")),
                new IndexModel(Indexes.ascending("w", "t"), new IndexOptions().name("tier_start")));
    }

    static List<IndexModel> pendingIndexes() {
        return List.of(new IndexModel(Indexes.ascending("s", "t", "b"), new IndexOptions().unique(true).name("series_start_token")),
                new IndexModel(Indexes.ascending("t"), new IndexOptions().name("start")));
    }

    static Bson windowKey(SeriesId series, Duration tier, Instant start) {
        return Filters.and(Filters.eq("s", series.value()), Filters.eq("w", tier.toMillis()), Filters.eq("t", Date.from(start)));
    }

    /**
     * Replaces the stored window by the recomputed one of {@code version}, or by a tombstone when no reading
     * lies in it (an upsert by replacement on the unique key), unless a higher version is stored; repeating
     * it leaves the same document.
     */
    static WriteModel<Document> replacement(RollupWindow window, long version) {
        Bson key = Filters.and(windowKey(window.series(), window.tier(), window.start()), below(version));
        Document document = window.window() == null
                ? new Document("s", window.series().value()).append("w", window.tier().toMillis())
                        .append("t", Date.from(window.start())).append("n", 0L).append("f", new Document())
                : toDocument(window.tier(), window.window());
        return new ReplaceOneModel<>(key, document.append("v", version), new ReplaceOptions().upsert(true));
    }

    /** Windows last written below {@code version}, or before versions were kept. */
    static Bson below(long version) {
        return Filters.not(Filters.gte("v", version));
    }

    /** Empties a window under {@code version}. */
    static Bson tombstone(long version) {
        return Updates.combine(Updates.set("n", 0L), Updates.set("f", new Document()), Updates.set("v", version));
    }

    /** Inserts the entry unless the same (series, start, token) is there: recording twice records once. */
    static WriteModel<Document> pending(RollupKey key, long token) {
        Bson filter = Filters.and(Filters.eq("s", key.series().value()), Filters.eq("t", key.start()), Filters.eq("b", token));
        return new UpdateOneModel<>(filter, Updates.setOnInsert("at", new Date()), new UpdateOptions().upsert(true));
    }

    static WriteModel<Document> clear(PendingRollup entry) {
        return new DeleteOneModel<>(Filters.and(Filters.eq("s", entry.key().series().value()),
                Filters.eq("t", entry.key().start()), Filters.eq("b", entry.token())));
    }

    static PendingRollup toPending(Document document) {
        return new PendingRollup(new RollupKey(SeriesId.of(document.getString("s")), number(document, "t")), number(document, "b"));
    }

    static Document toDocument(Duration tier, TierWindow window) {
        List<TierSlice> slices = window.slices();
        TierSlice whole = slices.get(0);
        for (TierSlice slice : slices.subList(1, slices.size())) {
            whole = new TierSlice(whole.tags(), whole.count() + slice.count(), merged(whole.fields(), slice.fields()));
        }
        Document document = new Document("s", window.series().value()).append("w", tier.toMillis())
                .append("t", Date.from(window.start())).append("n", whole.count()).append("f", fieldsOf(whole));
        if (slices.size() == 1) {
            return document.append("tags", new Document(whole.tags().values()));
        }
        List<Document> parts = new ArrayList<>(slices.size());
        for (TierSlice slice : slices) {
            parts.add(new Document("tags", new Document(slice.tags().values())).append("n", slice.count())
                    .append("f", fieldsOf(slice)));
        }
        return document.append("g", parts);
    }

    private static Map<String, FieldSpan> merged(Map<String, FieldSpan> one, Map<String, FieldSpan> other) {
        Map<String, FieldSpan> merged = new HashMap<>(one);
        other.forEach((name, span) -> merged.merge(name, span, FieldSpan::merge));
        return merged;
    }

    private static Document fieldsOf(TierSlice slice) {
        Document fields = new Document();
        slice.fields().forEach((name, span) -> fields.append(name, new Document("n", span.count()).append("min", span.min())
                .append("max", span.max()).append("sum", span.sum()).append("first", span.first())
                .append("ft", span.firstTime()).append("last", span.last()).append("lt", span.lastTime())));
        return fields;
    }

    /**
     * The window of a stored document with its slices per tags; refused for a document written before tier
     * windows kept them (a tag query reads none: the tier counts as covered for tags only since the change).
     */
    static TierWindow toTierWindow(Document document) {
        SeriesId series = SeriesId.of(document.getString("s"));
        Instant start = document.getDate("t").toInstant();
        List<TierSlice> slices = new ArrayList<>();
        List<Document> parts = document.getList("g", Document.class);
        if (parts != null) {
            parts.forEach(part -> slices.add(toSlice(part)));
        } else if (document.containsKey("tags")) {
            slices.add(toSlice(document));
        } else {
            throw new IllegalStateException("the rollup window " + start + " of " + series + " was written before rollup"
                    + " windows kept tags; a tag query cannot read it");
        }
        return new TierWindow(series, start, start.plusMillis(number(document, "w")), slices);
    }

    private static TierSlice toSlice(Document part) {
        Map<String, String> tags = new HashMap<>();
        part.get("tags", Document.class).forEach((key, value) -> tags.put(key, (String) value));
        Map<String, FieldSpan> fields = new HashMap<>();
        Document stored = part.get("f", Document.class);
        for (String name : stored.keySet()) {
            Document field = stored.get(name, Document.class);
            fields.put(name, new FieldSpan(number(field, "n"), real(field, "min"), real(field, "max"), real(field, "sum"),
                    number(field, "ft"), real(field, "first"), number(field, "lt"), real(field, "last")));
        }
        return new TierSlice(new Tags(tags), number(part, "n"), fields);
    }

    static WindowAggregate toWindow(Document document) {
        Instant start = document.getDate("t").toInstant();
        Map<String, FieldAggregate> fields = new HashMap<>();
        Document stored = document.get("f", Document.class);
        for (String name : stored.keySet()) {
            Document field = stored.get(name, Document.class);
            fields.put(name, new FieldAggregate(number(field, "n"), real(field, "min"), real(field, "max"), real(field, "sum"),
                    real(field, "first"), real(field, "last")));
        }
        return new WindowAggregate(SeriesId.of(document.getString("s")), start, start.plusMillis(number(document, "w")),
                number(document, "n"), fields);
    }

    private static long number(Document document, String key) {
        return ((Number) document.get(key)).longValue();
    }

    private static double real(Document document, String key) {
        return ((Number) document.get(key)).doubleValue();
    }
}
