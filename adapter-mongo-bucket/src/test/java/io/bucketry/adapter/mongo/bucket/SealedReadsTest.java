package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.SeriesId;
import org.bson.BsonInt32;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Re-reads of the sealed layout go by group: one bucket stands for each group, so no group is read (and fed) twice. */
class SealedReadsTest {

    @Test
    void eachGroupIsNamedOnceWhateverHowManyOfItsBucketsWereListed() {
        SeriesId a = new SeriesId("a");
        SeriesId b = new SeriesId("b");
        List<StoredBucket> listed = List.of(bucket(a, 0, 0), bucket(a, 0, 1), bucket(b, 0, 0), bucket(a, 3600, 0),
                bucket(a, 0, 2));

        List<StoredBucket> once = SealedReads.onePerGroup(listed);

        assertThat(once).containsExactly(listed.get(0), listed.get(2), listed.get(3));
        assertThat(SealedReads.keysOf(once)).hasSize(3).isEqualTo(SealedReads.keysOf(listed));
    }

    private static StoredBucket bucket(SeriesId series, long start, int seq) {
        return new StoredBucket(new BsonInt32(seq), series, start, seq, 1, 0, start, start, null, null, null, false, null);
    }
}
