package io.bucketry.tools.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** bench-influxql's comparison of the two servers' answers. */
class InfluxAnswersTest {

    private static final String ANSWER = "{\"results\":[{\"statement_id\":0,\"series\":[{\"name\":\"cpu\","
            + "\"tags\":{\"region\":\"r0\"},\"columns\":[\"time\",\"mean\"],\"values\":[[0,%s],[600000,null]]}]}]}";

    @Test
    void floatsWithinOneBillionthRelativeAreEqual() {
        String influxd = ANSWER.formatted("49.123456789");
        String bucketry = ANSWER.formatted("49.12345678900001");

        assertThat(InfluxAnswers.difference(influxd, bucketry)).isNull();
    }

    @Test
    void aFloatFurtherOffIsNamedWithItsPath() {
        String influxd = ANSWER.formatted("49.1");
        String bucketry = ANSWER.formatted("49.2");

        assertThat(InfluxAnswers.difference(influxd, bucketry)).isEqualTo("$.results[0].series[0].values[0][1]: 49.1 vs 49.2");
    }

    @Test
    void aMissingRowOrTagDiffers() {
        String influxd = ANSWER.formatted("1.0");

        assertThat(InfluxAnswers.difference(influxd, influxd.replace(",[600000,null]", ""))).startsWith("$.results[0].series[0].values:");
        assertThat(InfluxAnswers.difference(influxd, influxd.replace("r0", "r1"))).startsWith("$.results[0].series[0].tags.region:");
        assertThat(InfluxAnswers.difference(influxd, influxd.replace("null", "2.0"))).isNotNull();
    }
}
