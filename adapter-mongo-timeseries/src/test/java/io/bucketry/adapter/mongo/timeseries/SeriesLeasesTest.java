package io.bucketry.adapter.mongo.timeseries;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Date;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Stripe leases: one claim command answers the stripes won, takes over expired ones, and one release frees only the batch's own. */
class SeriesLeasesTest {

    private final MongoTestLane lane = MongoTestLane.get();
    private final MongoClient client = TestData.client();
    private final MongoCollection<Document> collection = client.getDatabase(MongoTestLane.DATABASE)
            .getCollection(MongoTestLane.freshCollection("leases") + ".series_leases");
    private final SeriesLeases leases = new SeriesLeases(collection, Duration.ofSeconds(10));

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void aStripeHeldByALiveBatchIsLostAndTheOthersAreWonInOneClaim() {
        // given: batch 1 holds stripes 1 and 2
        assertThat(leases.claim(Set.of(1, 2), 1L)).containsExactly(1, 2);

        // when: batch 2 claims stripes 2 and 3
        Set<Integer> won = leases.claim(Set.of(2, 3), 2L);

        // then: it holds 3 only, and stripe 2 stays batch 1's
        assertThat(won).containsExactly(3);
        assertThat(collection.find(Filters.eq("_id", 2)).first().getLong("b")).isEqualTo(1L);
    }

    @Test
    void anExpiredLeaseIsTakenOverByTheClaim() {
        // given: a lease of stripe 7 left by a crashed batch, run out a second ago
        collection.insertOne(new Document("_id", 7).append("until", new Date(System.currentTimeMillis() - 1_000)).append("b", 9L));

        // when
        Set<Integer> won = leases.claim(Set.of(7), 3L);

        // then
        assertThat(won).containsExactly(7);
        Document lease = collection.find(Filters.eq("_id", 7)).first();
        assertThat(lease.getLong("b")).isEqualTo(3L);
        assertThat(lease.getDate("until")).isAfter(new Date());
    }

    @Test
    void releaseRemovesOnlyTheBatchsOwnLeases() {
        // given: two batches holding a stripe each
        leases.claim(Set.of(4), 4L);
        leases.claim(Set.of(5), 5L);

        // when
        leases.release(4L);

        // then
        assertThat(collection.find().map(d -> d.getInteger("_id")).into(new java.util.ArrayList<>())).containsExactly(5);
        assertThat(leases.claim(Set.of(4), 6L)).containsExactly(4);
    }
}
