package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.MongoClientSettings;
import io.bucketry.adapter.mongo.timeseries.ReadingDocuments.Identity;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

import static io.bucketry.adapter.mongo.timeseries.TestData.BASE;
import static io.bucketry.adapter.mongo.timeseries.TestData.reading;
import static org.assertj.core.api.Assertions.assertThat;

/** The filters of the duplicate check: the spans of each series' time clusters, not the batch's whole span. */
class TimeClustersTest {

    private static final long MINUTE = 60_000L;
    private static final long T = BASE.toEpochMilli();

    @Test
    void anOldReadingAddsAShortSpanOfItsOwnAndSeriesWithTheSameSpanShareABranch() {
        // given: series a has one reading 90 days back; a and b both have readings at T and T + 5 min
        long old = T - Duration.ofDays(90).toMillis();
        List<Identity> batch = List.of(new Identity("a", T), new Identity("a", old), new Identity("b", T + 5 * MINUTE),
                new Identity("a", T + 5 * MINUTE), new Identity("b", T));

        // when
        List<Bson> filters = TimeClusters.exact(batch);

        // then
        assertThat(filters).hasSize(1);
        assertThat(render(filters.get(0))).isEqualTo(render(new Document("$or", List.of(
                branch(old, old, new Document("series", "a")),
                branch(T, T + 5 * MINUTE, new Document("series", new Document("$in", List.of("a", "b"))))))));
    }

    @Test
    void timesMoreThanAnHourApartAreSeparateClustersAndCloserOnesOne() {
        long gap = TimeClusters.CLUSTER_GAP_MILLIS;
        List<Identity> batch = List.of(new Identity("a", T), new Identity("a", T + gap), new Identity("a", T + 2 * gap + 1));

        assertThat(render(TimeClusters.exact(batch).get(0))).isEqualTo(render(new Document("$or", List.of(
                branch(T, T + gap, new Document("series", "a")),
                branch(T + 2 * gap + 1, T + 2 * gap + 1, new Document("series", "a"))))));
        assertThat(render(TimeClusters.exact(List.of(new Identity("a", T))).get(0)))
                .isEqualTo(render(branch(T, T, new Document("series", "a"))));
    }

    @Test
    void aBatchWithMoreSpansThanOneOrMayHoldIsCheckedWithSeveralQueries() {
        List<Identity> batch = new ArrayList<>();
        for (int i = 0; i < TimeClusters.MAX_BRANCHES + 1; i++) {
            batch.add(new Identity("s", T + i * 2 * TimeClusters.CLUSTER_GAP_MILLIS));
        }
        List<Bson> filters = TimeClusters.exact(batch);

        assertThat(filters).hasSize(2);
        assertThat(render(filters.get(0)).getArray("$or")).hasSize(TimeClusters.MAX_BRANCHES);
        assertThat(render(filters.get(1)).containsKey("$or")).isFalse();
    }

    @Test
    void withoutOrTheSpansAreGroupedAtTheirWidestGapsIntoAFewQueries() {
        // given: the batch of the first test, and one of 20 spans of which one lies 90 days back
        long old = T - Duration.ofDays(90).toMillis();
        List<Identity> small = List.of(new Identity("a", T), new Identity("a", old), new Identity("b", T + 5 * MINUTE),
                new Identity("a", T + 5 * MINUTE), new Identity("b", T));
        List<Identity> many = new ArrayList<>(List.of(new Identity("x", old)));
        for (int i = 0; i < 19; i++) {
            many.add(new Identity("s" + i, T + i * (2 * TimeClusters.CLUSTER_GAP_MILLIS + i * MINUTE)));
        }

        // when
        List<Bson> fewSpans = TimeClusters.grouped(small);
        List<Bson> manySpans = TimeClusters.grouped(many);

        // then: plain conjunctions, each span bounded; the old reading keeps a group of its own
        assertThat(fewSpans).extracting(TimeClustersTest::render).containsExactly(
                render(branch(old, old, new Document("series", "a"))),
                render(branch(T, T + 5 * MINUTE, new Document("series", new Document("$in", List.of("a", "b"))))));
        assertThat(manySpans).hasSize(TimeClusters.MAX_GROUPS);
        assertThat(render(manySpans.get(0))).isEqualTo(render(branch(old, old, new Document("series", "x"))));
        assertThat(manySpans).noneMatch(filter -> render(filter).containsKey("$or"));
    }

    private static Document branch(long from, long to, Document series) {
        return new Document("$and", List.of(new Document("t", new Document("$gte", new Date(from))),
                new Document("t", new Document("$lte", new Date(to))), series));
    }

    private static BsonDocument render(Bson filter) {
        return filter.toBsonDocument(BsonDocument.class, MongoClientSettings.getDefaultCodecRegistry());
    }
}
