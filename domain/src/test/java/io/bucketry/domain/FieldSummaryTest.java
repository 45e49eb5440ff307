package io.bucketry.domain;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FieldSummaryTest {

    @Test
    void aSummaryOfValuesCountsThemAndKeepsTheirMinMaxAndSum() {
        FieldSummary summary = FieldSummary.of(3).plus(-1).plus(5);

        assertThat(summary).isEqualTo(new FieldSummary(3, -1, 5, 7));
    }

    @Test
    void mergedSummariesEqualTheSummaryOfAllTheirValues() {
        FieldSummary left = FieldSummary.of(2).plus(8);
        FieldSummary right = FieldSummary.of(-4).plus(1).plus(3);

        assertThat(left.merge(right)).isEqualTo(FieldSummary.of(2).plus(8).plus(-4).plus(1).plus(3))
                .isEqualTo(right.merge(left)).isEqualTo(new FieldSummary(5, -4, 8, 10));
    }

    @Test
    void aSummaryHasAtLeastOneValue() {
        assertThatThrownBy(() -> new FieldSummary(0, 0, 0, 0)).hasMessageContaining("at least one value");
    }
}
