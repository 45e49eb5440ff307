package io.bucketry.domain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TagsTest {

    @Test
    void tagsAreKeptInKeyOrder() {
        // when
        Tags tags = Tags.of(Map.of("type", "temp", "building", "7", "floor", "2"));

        // then
        assertThat(tags.values().keySet()).containsExactly("building", "floor", "type");
        assertThat(tags.get("building")).isEqualTo("7");
        assertThat(tags.get("room")).isNull();
        assertThat(Tags.of(Map.of())).isSameAs(Tags.NONE);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1building | 7 | tag key '1building' must start with a letter",
            "buil ding | 7 | tag key 'buil ding' contains ' '",
            "building  | '' | tag 'building' has an empty value"})
    void anInvalidTagIsRefusedByName(String key, String value, String message) {
        assertThatThrownBy(() -> Tags.of(key, value))
                .isInstanceOfSatisfying(InvalidReadingException.class,
                        e -> assertThat(e.reason()).isEqualTo(RejectionReason.INVALID_TAG))
                .hasMessageContaining(message);
    }

    @Test
    void lengthAndCountLimitsHoldExactly() {
        // given
        String longestKey = "k" + "x".repeat(Tags.MAX_KEY_LENGTH - 1);
        String longestValue = "v".repeat(Tags.MAX_VALUE_LENGTH);
        Map<String, String> most = new HashMap<>();
        for (int i = 0; i < Tags.MAX_TAGS; i++) {
            most.put("k" + i, "v");
        }

        // then
        assertThat(Tags.of(longestKey, longestValue).get(longestKey)).isEqualTo(longestValue);
        assertThat(new Tags(most).values()).hasSize(Tags.MAX_TAGS);
        assertThatThrownBy(() -> Tags.of(longestKey + "x", "v")).hasMessageContaining("at most 64");
        assertThatThrownBy(() -> Tags.of("k", longestValue + "v")).hasMessageContaining("at most 256");
        most.put("one", "more");
        assertThatThrownBy(() -> new Tags(most)).hasMessageContaining("33 tags given; at most 32");
    }

    @Test
    void aValueThatIsNoTextIsRefused() {
        assertThatThrownBy(() -> Tags.of(Map.of("floor", 2)))
                .isInstanceOf(InvalidReadingException.class)
                .hasMessageContaining("tag 'floor' has the value '2'; a tag value is a text");
    }

    @Test
    void aFilterNeedsEveryConditionAndOneOfEachConditionsValues() {
        // given
        TagFilter filter = TagFilter.of(TagFilter.Condition.oneOf("building", "7", "8"),
                TagFilter.Condition.any("type"));

        // then
        assertThat(filter.matches(Tags.of(Map.of("building", "8", "type", "temp")))).isTrue();
        assertThat(filter.matches(Tags.of(Map.of("building", "9", "type", "temp")))).isFalse();
        assertThat(filter.matches(Tags.of("building", "7"))).isFalse();
        assertThat(TagFilter.of(TagFilter.Condition.oneOf("building", "7"), TagFilter.Condition.oneOf("building", "8"))
                .matches(Tags.of("building", "7"))).as("a key given twice must hold both times").isFalse();
        assertThat(TagFilter.ANY.matches(Tags.NONE)).isTrue();
    }

    @Test
    void aGroupNamesAnAbsentKeyAsNullAndSortsItFirst() {
        // given
        GroupBy groupBy = GroupBy.of("building", "type");

        // when
        TagGroup none = groupBy.groupOf(Tags.of("type", "temp"));
        TagGroup seven = groupBy.groupOf(Tags.of(Map.of("building", "7", "type", "temp")));

        // then
        assertThat(none.asMap()).containsEntry("building", null).containsEntry("type", "temp");
        assertThat(List.of(seven, none).stream().sorted().toList()).containsExactly(none, seven);
        assertThatThrownBy(() -> GroupBy.of("building", "building")).hasMessageContaining("twice");
        assertThatThrownBy(() -> new GroupBy(List.of())).hasMessageContaining("names no tag key");
    }
}
