package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The compact map behind {@link Tags#values()}: a map like any other of the same pairs, in key order, unmodifiable. */
class TagPairsTest {

    private static TreeMap<String, String> sorted(int count) {
        TreeMap<String, String> pairs = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            pairs.put("k" + (char) ('a' + 2 * i), "v" + i);   // ka, kc, ke ...: a key between any two is absent
        }
        return pairs;
    }

    @Test
    void everyKeyIsFoundAndEveryKeyBeforeBetweenOrAfterThemIsNot() {
        for (int count = 0; count <= 7; count++) {
            TreeMap<String, String> expected = sorted(count);
            TagPairs pairs = new TagPairs(expected);

            assertThat(pairs.size()).isEqualTo(count);
            assertThat(pairs.isEmpty()).isEqualTo(count == 0);
            for (int i = 0; i < count; i++) {
                String key = "k" + (char) ('a' + 2 * i);
                assertThat(pairs.get(key)).as("%s of %d", key, count).isEqualTo("v" + i);
                assertThat(pairs.containsKey(key)).isTrue();
                String absent = "k" + (char) ('a' + 2 * i + 1);
                assertThat(pairs.get(absent)).as("%s of %d", absent, count).isNull();
                assertThat(pairs.containsKey(absent)).isFalse();
            }
            assertThat(pairs.get("a")).isNull();
            assertThat(pairs.get("z")).isNull();
            assertThat(pairs.get(7)).isNull();
            assertThat(pairs.get(null)).isNull();
            assertThat(pairs.containsKey(null)).isFalse();
        }
    }

    @Test
    void itIsEqualToAnyMapOfTheSamePairsWithTheSameHashAndText() {
        TagPairs pairs = new TagPairs(sorted(3));
        Map<String, String> hashed = new HashMap<>(sorted(3));
        Map<String, String> linked = new LinkedHashMap<>(sorted(3).descendingMap());

        assertThat(pairs).isEqualTo(hashed).isEqualTo(linked).isEqualTo(new TagPairs(sorted(3)));
        assertThat(hashed).isEqualTo(pairs);
        assertThat(pairs.hashCode()).isEqualTo(hashed.hashCode()).isEqualTo(sorted(3).hashCode());
        assertThat(pairs.toString()).isEqualTo(sorted(3).toString()).isEqualTo("{ka=v0, kc=v1, ke=v2}");
        assertThat(new TagPairs(sorted(0)).hashCode()).isZero();
    }

    @Test
    void pairsThatDifferInAKeyAValueOrTheirNumberAreNotEqual() {
        TagPairs pairs = new TagPairs(sorted(2));
        TreeMap<String, String> otherValue = sorted(2);
        otherValue.put("kc", "other");
        TreeMap<String, String> otherKey = sorted(1);
        otherKey.put("kd", "v1");

        assertThat(pairs).isNotEqualTo(new TagPairs(otherValue)).isNotEqualTo(otherValue)
                .isNotEqualTo(new TagPairs(otherKey)).isNotEqualTo(new TagPairs(sorted(3)))
                .isNotEqualTo(new TagPairs(sorted(1))).isNotEqualTo(sorted(3)).isNotEqualTo(List.of());
        assertThat(pairs.hashCode()).isNotEqualTo(new TagPairs(otherValue).hashCode());
    }

    @Test
    void itIsWalkedInKeyOrderByEntriesAndByForEach() {
        TagPairs pairs = new TagPairs(sorted(4));
        List<String> walked = new ArrayList<>();

        pairs.forEach((key, value) -> walked.add(key + "=" + value));

        assertThat(walked).containsExactly("ka=v0", "kc=v1", "ke=v2", "kg=v3");
        assertThat(pairs.entrySet()).hasSize(4).containsExactlyElementsOf(sorted(4).entrySet());
        assertThat(pairs.keySet()).containsExactly("ka", "kc", "ke", "kg");
        assertThat(pairs.values()).containsExactly("v0", "v1", "v2", "v3");
        Iterator<Map.Entry<String, String>> entries = pairs.entrySet().iterator();
        for (int i = 0; i < 4; i++) {
            assertThat(entries.hasNext()).isTrue();
            entries.next();
        }
        assertThat(entries.hasNext()).isFalse();
        assertThatThrownBy(entries::next).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void itCannotBeChanged() {
        TagPairs pairs = new TagPairs(sorted(2));

        assertThatThrownBy(() -> pairs.put("kz", "v")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> pairs.remove("ka")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(pairs::clear).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> pairs.entrySet().iterator().next().setValue("x"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> pairs.replaceAll((key, value) -> value + "!"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(pairs).isEqualTo(sorted(2));
    }

    @Test
    void tagsKeepTheirPairsInIt() {
        Tags tags = Tags.of(Map.of("type", "co2", "building", "b7"));

        assertThat(tags.values()).isInstanceOf(TagPairs.class).containsExactly(Map.entry("building", "b7"),
                Map.entry("type", "co2"));
        assertThat(tags).isEqualTo(Tags.of(new HashMap<>(Map.of("building", "b7", "type", "co2"))));
        assertThat(tags.toString()).isEqualTo("{building=b7, type=co2}");
    }
}
