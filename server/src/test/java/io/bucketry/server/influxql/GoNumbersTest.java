package io.bucketry.server.influxql;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Numbers as influxd 1.6.7 writes them (its answers for the same values, seen through InfluxQlFidelityTest):
 * JSON with Go's exponent bounds, CSV always plain.
 */
class GoNumbersTest {

    @ParameterizedTest(name = "{0} is {1} in JSON, {2} in CSV")
    @CsvSource({
            "3.0, 3, 3",
            "2.3333333333333335, 2.3333333333333335, 2.3333333333333335",
            "1.5e-7, 1.5e-7, 0.00000015",
            "1e21, 1e+21, 1000000000000000000000",
            "-123456789012.25, -123456789012.25, -123456789012.25"})
    void numbersAreWrittenAsInfluxdWritesThem(double value, String json, String csv) {
        assertThat(GoNumbers.format(value)).isEqualTo(json);
        assertThat(GoNumbers.plain(value)).isEqualTo(csv);
    }
}
