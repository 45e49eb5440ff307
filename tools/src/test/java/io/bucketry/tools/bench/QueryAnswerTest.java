package io.bucketry.tools.bench;

import org.junit.jupiter.api.Test;

import java.util.SortedMap;

import static org.assertj.core.api.Assertions.assertThat;

/** Two answers agree when they have the same keys and numbers equal up to summation order. */
class QueryAnswerTest {

    private static QueryAnswer answer(Object... keysAndPairs) {
        SortedMap<String, double[]> rows = QueryAnswer.newRows();
        for (int i = 0; i < keysAndPairs.length; i += 3) {
            rows.put((String) keysAndPairs[i], new double[] {(double) keysAndPairs[i + 1], (double) keysAndPairs[i + 2]});
        }
        return new QueryAnswer(rows, 0);
    }

    @Test
    void averagesSummedInAnotherOrderAgree() {
        double a = (0.1 + 0.2 + 0.3) / 3;
        double b = (0.3 + 0.2 + 0.1) / 3;

        assertThat(a).isNotEqualTo(b);
        assertThat(answer("1", a, 1013.0).differenceFrom(answer("1", b, 1013.0))).isNull();
    }

    @Test
    void aMissingRowOrAnotherValueIsNamed() {
        QueryAnswer reference = answer("1", 20.5, 1013.0, "2", 21.0, 1012.0);

        assertThat(answer("1", 20.5, 1013.0).differenceFrom(reference)).contains("1 rows where the reference has 2", "2 missing");
        assertThat(answer("1", 20.5, 1013.0, "2", 21.01, 1012.0).differenceFrom(reference)).contains("row 2", "21.01");
    }
}
