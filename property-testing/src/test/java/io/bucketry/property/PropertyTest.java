package io.bucketry.property;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class PropertyTest {

    private String pinnedByTheRun;

    @BeforeEach
    void unpinTheSeedOfTheRun() {
        // a run with -Dbucketry.seed pins every property; these tests need their own tries
        pinnedByTheRun = System.clearProperty(Property.SEED);
    }

    @AfterEach
    void restoreTheSeedOfTheRun() {
        if (pinnedByTheRun != null) {
            System.setProperty(Property.SEED, pinnedByTheRun);
        }
    }

    @Test
    void aPassingPropertyRunsEveryTryOnItsOwnInputs() {
        // given
        List<Long> seen = new ArrayList<>();

        // when
        Property.forAll(50, draws -> seen.add(draws.draw("n", Gen.anyLong())));

        // then
        assertThat(seen).hasSize(50);
        assertThat(seen.stream().distinct().count()).as("distinct inputs (edges may repeat)").isGreaterThan(30);
    }

    @Test
    void aFailureNamesTheTryItsSeedAndItsInputsAndTheSeedRebuildsTheSameInputs() {
        // given: a property that fails on some inputs only
        Gen<List<Integer>> lists = Gen.ints(0, 1000).list(0, 20);

        // when
        AssertionError failure = catchThrowableOfType(AssertionError.class, () -> Property.forAll(1000, draws -> {
            List<Integer> list = draws.draw("list", lists);
            assertThat(list).as("a list without 7").doesNotContain(7);
        }));

        // then
        assertThat(failure.getMessage()).containsPattern("property failed on try \\d+ of 1000, seed -?\\d+")
                .contains("a list without 7").contains("inputs:\nlist = [");
        long seed = Long.parseLong(failure.getMessage().replaceAll("(?s).*?seed (-?\\d+).*", "$1"));
        List<Integer> again = new Draws(seed).draw("list", lists);
        assertThat(again).contains(7);
        assertThat(failure.getMessage()).contains("list = " + again);
    }

    @Test
    void aPinnedSeedRunsThatOneTryOnly() {
        // given
        List<Long> seen = new ArrayList<>();
        System.setProperty(Property.SEED, "42");
        try {
            // when
            Property.forAll(300, draws -> seen.add(draws.draw("n", Gen.anyLong())));
        } finally {
            System.clearProperty(Property.SEED);
        }

        // then
        assertThat(seen).containsExactly(new Draws(42).draw("n", Gen.anyLong()));
    }

    @Test
    void rangesStayInsideTheirBoundsAndDrawTheirEdges() {
        // given
        List<Integer> ints = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        List<Double> doubles = new ArrayList<>();

        // when
        Property.forAll(2_000, draws -> {
            ints.add(draws.draw("int", Gen.ints(-5_000, 9_000)));
            sizes.add(draws.draw("list", Gen.booleans().list(3, 400)).size());
            doubles.add(draws.draw("double", Gen.doubles(-1e12, 1e12)));
        });

        // then
        assertThat(ints).allMatch(i -> i >= -5_000 && i <= 9_000).contains(-5_000, 9_000, 0, -4_999, 8_999);
        assertThat(sizes).allMatch(s -> s >= 3 && s <= 400).contains(3, 400);
        assertThat(doubles).allMatch(d -> d >= -1e12 && d <= 1e12).contains(-1e12, 1e12, 0.0, -0.0)
                .anyMatch(d -> d != Math.rint(d * 100) / 100);
    }

    @Test
    void uniqueListsHaveDistinctKeysAndSubsetsKeepTheOrderOfTheirItems() {
        Property.forAll(200, draws -> {
            // when
            List<Integer> unique = draws.draw("unique", Gen.ints(0, 500).uniqueList(0, 300, i -> i));
            List<String> subset = draws.draw("subset", Gen.subsetOf(List.of("a", "b", "c", "d"), 1));

            // then
            assertThat(unique).doesNotHaveDuplicates();
            assertThat(subset).isNotEmpty().isSubsetOf("a", "b", "c", "d").isSorted();
        });
    }

    @Test
    void zeroTriesIsRefused() {
        assertThatThrownBy(() -> Property.forAll(0, draws -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tries 0");
    }
}
