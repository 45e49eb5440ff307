package io.bucketry.adapter.inmemory;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SeriesId;
import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The open-addressing table of one stripe, against a HashMap as the model. */
class SeriesTableTest {

    private static final BucketPolicy POLICY = BucketPolicy.defaults();
    private static final Gen<Integer> PICKS = Gen.ints(0, 10_000);

    @Test
    void anySequenceOfCreatesAndRemovesFindsWhatAHashMapFinds() {
        Property.forAll(200, draws -> createAndRemoveLikeTheModel(draws.draw("ids", ids(400)),
                draws.draw("picks", PICKS.list(0, 3_000)), draws.draw("removes", Gen.booleans().list(0, 3_000))));
    }

    @Test
    void aTableKeptUnderHalfFullFindsWhatAHashMapFindsAcrossItsWrapAround() {
        // at most 31 ids: the table keeps its first 64 slots, and probe runs wrap past its end
        Property.forAll(500, draws -> createAndRemoveLikeTheModel(draws.draw("ids", ids(31)),
                draws.draw("picks", PICKS.list(0, 400)), draws.draw("removes", Gen.booleans().list(0, 400))));
    }

    /** 1 to {@code max} distinct ids of 1 to 8 letters. */
    private static Gen<List<String>> ids(int max) {
        return Gen.alphaStrings(1, 8).uniqueList(1, max, id -> id);
    }

    /** Creates {@code ids[pick]} for each pick, or removes it where the paired flag says so. */
    private static void createAndRemoveLikeTheModel(List<String> ids, List<Integer> picks, List<Boolean> removes) {
        // given
        SeriesTable table = new SeriesTable();
        Map<String, SeriesBuckets> model = new HashMap<>();

        // when
        for (int i = 0; i < picks.size(); i++) {
            String id = ids.get(picks.get(i) % ids.size());
            int hash = id.hashCode();
            if (i < removes.size() && removes.get(i)) {
                assertThat(table.remove(id, hash)).isSameAs(model.remove(id));
            } else {
                SeriesBuckets created = table.getOrCreate(new SeriesId(id), hash, POLICY, Sealing.off());
                assertThat(model.computeIfAbsent(id, key -> created)).isSameAs(created);
            }
        }

        // then: every id, present or not, is found exactly as in the model
        for (String id : ids) {
            assertThat(table.get(id, id.hashCode())).isSameAs(model.get(id));
        }
        assertThat(table.size()).isEqualTo(model.size());
        assertThat(table.values()).containsExactlyInAnyOrderElementsOf(model.values());
    }

    @Test
    void removingFromAProbeRunThatWrapsPastTheEndKeepsTheRestOfTheRunReachable() {
        // given: three ids whose home is the last slot, so the second and third wrap to slots 0 and 1
        SeriesTable table = new SeriesTable();
        int last = table.capacity() - 1;
        List<String> atEnd = new ArrayList<>();
        for (int n = 0; atEnd.size() < 3; n++) {
            if (table.slot(name(n).hashCode()) == last) {
                atEnd.add(name(n));
            }
        }
        atEnd.forEach(id -> table.getOrCreate(new SeriesId(id), id.hashCode(), POLICY, Sealing.off()));

        // when: the first, then the second is removed
        table.remove(atEnd.get(0), atEnd.get(0).hashCode());
        SeriesBuckets third = table.get(atEnd.get(2), atEnd.get(2).hashCode());
        table.remove(atEnd.get(1), atEnd.get(1).hashCode());

        // then
        assertThat(table.capacity()).isEqualTo(last + 1);
        assertThat(third).isNotNull();
        assertThat(table.get(atEnd.get(2), atEnd.get(2).hashCode())).isSameAs(third);
        assertThat(table.get(atEnd.get(0), atEnd.get(0).hashCode())).isNull();
        assertThat(table.get(atEnd.get(1), atEnd.get(1).hashCode())).isNull();
    }

    @Test
    void removingTheLastSlotLeavesAnIdAtHomeInTheFirstSlotWhereItIs() {
        // given: one id at home in the last slot, one in the first
        SeriesTable table = new SeriesTable();
        String atEnd = firstNameWithHome(table, table.capacity() - 1);
        String atStart = firstNameWithHome(table, 0);
        SeriesBuckets start = table.getOrCreate(new SeriesId(atStart), atStart.hashCode(), POLICY, Sealing.off());
        table.getOrCreate(new SeriesId(atEnd), atEnd.hashCode(), POLICY, Sealing.off());

        // when
        table.remove(atEnd, atEnd.hashCode());

        // then
        assertThat(table.get(atStart, atStart.hashCode())).isSameAs(start);
    }

    @Test
    void idsWithEqualHashesAreKeptApart() {
        // given: "Aa" and "BB" share String.hashCode
        SeriesTable table = new SeriesTable();
        SeriesBuckets aa = table.getOrCreate(new SeriesId("Aa"), "Aa".hashCode(), POLICY, Sealing.off());
        SeriesBuckets bb = table.getOrCreate(new SeriesId("BB"), "BB".hashCode(), POLICY, Sealing.off());

        // when
        SeriesBuckets removed = table.remove("Aa", "Aa".hashCode());

        // then
        assertThat(aa).isNotSameAs(bb);
        assertThat(removed).isSameAs(aa);
        assertThat(table.get("BB", "BB".hashCode())).isSameAs(bb);
        assertThat(table.get("Aa", "Aa".hashCode())).isNull();
    }

    @Test
    void clearingEmptiesTheTableAndItFillsAgain() {
        // given
        SeriesTable table = new SeriesTable();
        for (int n = 0; n < 1_000; n++) {
            table.getOrCreate(new SeriesId(name(n)), name(n).hashCode(), POLICY, Sealing.off());
        }

        // when
        table.clear();
        SeriesBuckets again = table.getOrCreate(new SeriesId(name(7)), name(7).hashCode(), POLICY, Sealing.off());

        // then
        assertThat(table.size()).isEqualTo(1);
        assertThat(table.get(name(7), name(7).hashCode())).isSameAs(again);
        assertThat(table.get(name(8), name(8).hashCode())).isNull();
    }

    private static String firstNameWithHome(SeriesTable table, int slot) {
        for (int n = 0; ; n++) {
            if (table.slot(name(n).hashCode()) == slot) {
                return name(n);
            }
        }
    }

    private static String name(int n) {
        return "series-" + n;
    }
}
