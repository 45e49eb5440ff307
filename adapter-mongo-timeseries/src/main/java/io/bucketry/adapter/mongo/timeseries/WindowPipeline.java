package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.domain.GroupBy;
import io.bucketry.domain.TimeRange;
import org.bson.Document;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;

/**
 * One aggregation pipeline computing window aggregates on the server, for one series or all:
 * <ol>
 * <li>match the series and range;</li>
 * <li>deduplicate: group by (series, t) keeping the document with the lowest {@code _id} (a $min of
 *     {i: _id, doc: $$ROOT}, which needs no prior sort);</li>
 * <li>window start by date arithmetic: ms − (ms mod W), less W for negative remainders (times
 *     before 1970), which real servers and the embedded test server both evaluate;</li>
 * <li>$objectToArray and $unwind the document, keeping the "t" entry (it counts readings) and
 *     numeric entries (the fields: names are dynamic, any of them may be present);</li>
 * <li>group by (series, window, field): count, min, max, sum, and first/last as the $min/$max of
 *     {t, v} pairs, so no ordering of the input is relied on;</li>
 * <li>group by (series, window) and sort by series then window start.</li>
 * </ol>
 */
final class WindowPipeline {

    private WindowPipeline() {
    }

    /** One series' windows of the readings written with tags {@code tags} keeps (null: any); stops after {@code limit} (none when 0). */
    static List<Document> forSeries(MetaField meta, String series, Document tags, TimeRange range, long windowMillis,
                                    int limit) {
        Document match = new Document(meta.series, series).append(ReadingDocuments.TIME, within(range));
        return build(meta, tags == null ? match : new Document("$and", List.of(match, tags)), windowMillis, limit, null);
    }

    /** The limit that lets a caller see that more than {@code maxWindows} windows exist: 0 (none) when unbounded. */
    static int limitPast(int maxWindows) {
        return maxWindows >= Integer.MAX_VALUE - 1 ? 0 : maxWindows + 1;
    }

    /** Stops after {@code limit} windows. */
    static List<Document> forAll(TimeRange range, long windowMillis, int limit) {
        return forAll(MetaField.SERIES, null, range, windowMillis, limit);
    }

    /** Every series' windows of the readings written with tags {@code tags} keeps (null: any); stops after {@code limit}. */
    static List<Document> forAll(MetaField meta, Document tags, TimeRange range, long windowMillis, int limit) {
        Document match = new Document(ReadingDocuments.TIME, within(range));
        return build(meta, tags == null ? match : new Document("$and", List.of(match, tags)), windowMillis, limit, null);
    }

    /**
     * Windows per series and group of the values of {@code groupBy}'s keys (a key a reading lacks is left out
     * of its {@code _id.g}), with each field's first and last times ({@code ft}, {@code lt}) for the merge
     * across a group's series ({@link GroupMerge}); stops after {@code limit} series windows (0: none).
     */
    static List<Document> forGroups(MetaField meta, Document tags, GroupBy groupBy, TimeRange range, long windowMillis,
                                    int limit) {
        Document match = new Document(ReadingDocuments.TIME, within(range));
        Document key = new Document();
        for (String tag : groupBy.keys()) {
            key.append(tag, "$d.doc." + meta.tag(tag));
        }
        return build(meta, tags == null ? match : new Document("$and", List.of(match, tags)), windowMillis, limit, key);
    }

    private static List<Document> build(MetaField meta, Document match, long windowMillis, int limit, Document groupKey) {
        List<Document> stages = new ArrayList<>();
        stages.add(new Document("$match", match));
        stages.add(new Document("$group", new Document("_id", new Document("s", meta.seriesExpression()).append("t", "$t"))
                .append("d", new Document("$min", new Document("i", "$_id").append("doc", "$$ROOT")))));
        stages.add(new Document("$project", new Document("_id", 0).append("s", "$_id.s").append("g", groupKey == null ? new Document("$literal", 0) : groupKey)
                .append("ms", new Document("$toLong", "$_id.t")).append("f", new Document("$objectToArray", "$d.doc"))));
        stages.add(new Document("$project", new Document("s", 1).append("g", 1).append("ms", 1).append("f", 1)
                .append("r", new Document("$mod", List.of("$ms", windowMillis)))));
        stages.add(new Document("$project", new Document("s", 1).append("g", 1).append("ms", 1).append("f", 1)
                .append("w", new Document("$subtract", List.of(
                        new Document("$subtract", List.of("$ms", "$r")),
                        new Document("$cond", List.of(new Document("$lt", List.of("$r", 0)), windowMillis, 0L)))))));
        stages.add(new Document("$unwind", "$f"));
        stages.add(new Document("$match", new Document("$or", List.of(
                new Document("f.k", ReadingDocuments.TIME),
                new Document("f.v", new Document("$type", "number"))))));
        stages.add(new Document("$group", new Document("_id",
                new Document("s", "$s").append("g", "$g").append("w", "$w").append("k", "$f.k"))
                .append("n", new Document("$sum", 1))
                .append("min", new Document("$min", "$f.v"))
                .append("max", new Document("$max", "$f.v"))
                .append("sum", new Document("$sum", "$f.v"))
                .append("first", new Document("$min", new Document("t", "$ms").append("v", "$f.v")))
                .append("last", new Document("$max", new Document("t", "$ms").append("v", "$f.v")))));
        stages.add(new Document("$group", new Document("_id", new Document("s", "$_id.s").append("g", "$_id.g")
                .append("w", "$_id.w"))
                .append("fields", new Document("$push", new Document("k", "$_id.k").append("n", "$n")
                        .append("min", "$min").append("max", "$max").append("sum", "$sum")
                        .append("first", "$first.v").append("last", "$last.v")
                        .append("ft", "$first.t").append("lt", "$last.t")))));
        stages.add(new Document("$sort", new Document("_id.s", 1).append("_id.w", 1)));
        if (limit > 0) {
            stages.add(new Document("$limit", limit));
        }
        return stages;
    }

    private static Document within(TimeRange range) {
        return new Document("$gte", Date.from(range.from())).append("$lt", Date.from(range.to()));
    }
}
