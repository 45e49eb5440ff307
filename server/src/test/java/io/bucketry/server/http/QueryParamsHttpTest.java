package io.bucketry.server.http;

import io.bucketry.server.http.Api.Answer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** A whole number too large for a query parameter is called that, not "not a whole number". */
class QueryParamsHttpTest extends ApiTestBase {

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "/v1/series/s/readings?limit=99999999999999999999 | INVALID_LIMIT"
                    + " | limit '99999999999999999999' is a whole number out of range",
            "/v1/series/s/pages/1?size=-99999999999999999999 | INVALID_PAGE_SIZE"
                    + " | size '-99999999999999999999' is a whole number out of range",
            "/v1/series/s/readings?limit=12x | INVALID_LIMIT | limit '12x' is not a whole number",
            "/v1/series/s1/pages/abc | INVALID_PAGE | page number 'abc' is not a whole number",
            "/v1/series/s/readings?from=9223372036854775808 | INVALID_TIME"
                    + " | time '9223372036854775808' is a whole number out of the range of epoch milliseconds"})
    void aNumberOutOfRangeIsNamedSo(String path, String code, String message) {
        // when
        Answer answer = api.get(path);

        // then
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.error()).isEqualTo(code);
        assertThat(answer.json().get("message").asText()).startsWith(message);
    }
}
