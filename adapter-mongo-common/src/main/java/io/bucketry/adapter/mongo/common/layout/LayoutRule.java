package io.bucketry.adapter.mongo.common.layout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The product rule for reopening a collection with another configuration: a change that would
 * alter where a reading is placed or how a range finds its buckets is refused, because stored
 * readings would be missed and resent duplicates stored twice; any other change is safe.
 *
 * <ul>
 *   <li>refused: the layout version, the backend, the document layout (rows or sealed windows are
 *       different documents; read as the other, a window's readings are not found), the bucket policy kind, the bucket width (it
 *       places readings in windows and bounds every range lookup; a native time-series collection
 *       fixed its bucketing from it when created), the page size of a paged policy (pages are
 *       buckets of exactly that many readings, seed 001), the sub-window width where the store records
 *       it (buckets keep summaries of that width; with another, aggregates read every reading), and a larger count or byte ceiling where
 *       the store sizes buckets by them (a bucket that was full would take readings again, beside a
 *       later sequence number that already holds some of their times);</li>
 *   <li>safe: a smaller count or byte ceiling (what was full stays full, and readings are found by
 *       series and window, deduplicated across every sequence of a window), either ceiling where
 *       the server sizes buckets itself, the retention and the grace (they decide only what is
 *       kept: queries and ingest follow the configured retention; expiry indexes are updated).</li>
 * </ul>
 */
public final class LayoutRule {

    private LayoutRule() {
    }

    /**
     * Every difference between {@code stored} and {@code configured}.
     *
     * @param ceilingsPlaceReadings the store sizes its buckets by the count and byte ceilings
     *        ({@link io.bucketry.application.port.out.Capability#POLICY_BUCKETS}); false where the server does
     */
    public static List<LayoutDifference> compare(CollectionLayout stored, CollectionLayout configured,
                                                 boolean ceilingsPlaceReadings) {
        List<LayoutDifference> out = new ArrayList<>();
        if (stored.version() != configured.version()) {
            out.add(refused("layout version", stored.version(), configured.version(), stored.version() > configured.version()
                    ? "the collection was made by a newer Bucketry; start that version" : "an older layout needs a migration"));
            return out;
        }
        if (!stored.backend().equals(configured.backend())) {
            out.add(refused("backend (backend)", stored.backend(), configured.backend(),
                    "each backend stores readings in its own document layout"));
            return out;
        }
        if (!stored.documents().equals(configured.documents())) {
            out.add(refused("document layout (mongoLayout)", stored.documents(), configured.documents(),
                    "each document layout stores a window's readings in its own shape; read as the other, they are not found"));
            return out;
        }
        if (stored.isPaged() != configured.isPaged()) {
            out.add(refused("bucket policy (bucketPolicy)", kind(stored), kind(configured),
                    "windows and pages place readings in different buckets"));
            return out;
        }
        if (!stored.isPaged() && !stored.width().equals(configured.width())) {
            out.add(refused("bucket width (bucketWidth)", LayoutText.duration(stored.width()),
                    LayoutText.duration(configured.width()), "stored readings are placed in windows of the stored"
                            + " width; with another, range reads miss them and resent duplicates are stored twice"));
        }
        subWindow(stored.subWindow(), configured.subWindow(), out);
        tags(stored, configured, out);
        if (stored.maxCount() != configured.maxCount()) {
            out.add(maxCount(stored, configured, ceilingsPlaceReadings));
        }
        if (stored.maxBytes() != configured.maxBytes()) {
            out.add(ceiling("bucket byte ceiling (maxBytes)", stored.maxBytes(), configured.maxBytes(), ceilingsPlaceReadings));
        }
        retention("retention (retention)", stored.retention(), configured.retention(), out);
        retention("grace (grace)", stored.grace(), configured.grace(), out);
        return out;
    }

    private static LayoutDifference maxCount(CollectionLayout stored, CollectionLayout configured, boolean ceilingsPlaceReadings) {
        if (stored.isPaged()) {
            return refused("page size (pageSize)", stored.maxCount(), configured.maxCount(),
                    "stored pages hold " + stored.maxCount() + " readings each; page N would no longer be one bucket");
        }
        return ceiling("bucket max count (bucketMaxCount)", stored.maxCount(), configured.maxCount(), ceilingsPlaceReadings);
    }

    private static LayoutDifference ceiling(String setting, int stored, int configured, boolean ceilingsPlaceReadings) {
        if (!ceilingsPlaceReadings) {
            return safe(setting, stored, configured, "this backend's server sizes its buckets itself");
        }
        if (configured < stored) {
            return safe(setting, stored, configured, "a smaller ceiling keeps every full bucket full");
        }
        return refused(setting, stored, configured, "full buckets would take readings again beside their overflow"
                + " buckets, so a resent duplicate could be stored twice; a smaller value is safe");
    }

    /** Compared where both record it; a record made before it was recorded takes the configured one. */
    private static void subWindow(Duration stored, Duration configured, List<LayoutDifference> out) {
        String setting = "sub-window width (subWindow)";
        if (configured == null || configured.equals(stored)) {
            return;
        }
        if (stored == null) {
            out.add(safe(setting, "not recorded", subWindowText(configured), "the record predates this setting; it is recorded now"));
        } else {
            out.add(refused(setting, subWindowText(stored), subWindowText(configured), "stored buckets keep sub-window summaries"
                    + " of the stored width; with another, aggregates cannot use them and read every reading instead"));
        }
    }

    /**
     * Compared only where the configuration asks for tags or for none (null: as recorded). A collection made
     * before tags holds documents an older Bucketry may still be writing beside this one, and a native
     * collection's metaField holds the series id alone: it moves to a new collection, never in place.
     */
    private static void tags(CollectionLayout stored, CollectionLayout configured, List<LayoutDifference> out) {
        if (configured.tags() == null || configured.keepsTags() == stored.keepsTags()) {
            return;
        }
        String setting = "tags (mongoTags)";
        if (configured.keepsTags()) {
            out.add(refused(setting, "off", "on", "the collection was made " + (stored.tags() == null ? "before tags"
                    : "without tags") + " and its documents keep none; move it into a new collection that keeps tags with"
                    + " bucketry migrate --from-config old.yaml --to-config new.yaml (the new one naming another"
                    + " mongoCollection), or leave the mongoTags setting unset to keep using it without tags"));
        } else {
            out.add(refused(setting, "on", "off", "its documents keep the tags each reading was written with;"
                    + " leave the mongoTags setting unset, or migrate into a new collection without tags"));
        }
    }

    private static String subWindowText(Duration width) {
        return width.isZero() ? "off" : LayoutText.duration(width);
    }

    private static void retention(String setting, Duration stored, Duration configured, List<LayoutDifference> out) {
        if (!Objects.equals(stored, configured)) {
            out.add(new LayoutDifference(setting, LayoutText.duration(stored), LayoutText.duration(configured), true,
                    "it decides what is kept, not where readings are"));
        }
    }

    private static String kind(CollectionLayout layout) {
        return layout.isPaged() ? "paged" : "windowed";
    }

    private static LayoutDifference refused(String setting, Object stored, Object configured, String why) {
        return new LayoutDifference(setting, String.valueOf(stored), String.valueOf(configured), false, why);
    }

    private static LayoutDifference safe(String setting, Object stored, Object configured, String why) {
        return new LayoutDifference(setting, String.valueOf(stored), String.valueOf(configured), true, why);
    }
}
