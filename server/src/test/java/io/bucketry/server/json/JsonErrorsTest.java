package io.bucketry.server.json;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** A parser's complaint is passed on in the sender's terms: no option names, no source dumps, at most 100 characters. */
class JsonErrorsTest {

    private static final JsonFactory STRICT = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNumberLength(5).maxNestingDepth(3).build())
            .build();

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "[{\"a\":1 | Unexpected end-of-input: expected close marker for Object",
            "[NaN] | NaN is not a JSON number; send finite numbers only",
            "[-Infinity] | -Infinity is not a JSON number; send finite numbers only",
            "[1234567] | Number value length (7) exceeds the maximum allowed (5)",
            "[[[[1]]]] | Document nesting depth (4) exceeds the maximum allowed (3)",
            "{\"a\":tru} | 'tru' is not a JSON value (expected a number, a text in quotes, true, false or null)",
            "[\"a\u0001\"] | a text holds control character 0x01; write it escaped as \\u0001",
            "[\u001f] | byte 0x1f is not JSON text (a gzip body needs Content-Encoding: gzip)"})
    void aParserComplaintIsDescribedWithoutTheParsersOwnNames(String json, String start) {
        // when
        JacksonException e = catchThrowableOfType(JacksonException.class, () -> parseAll(json));
        String described = JsonErrors.describe(e);

        // then
        assertThat(e.getMessage()).containsAnyOf("`", "Source:");
        assertThat(described).startsWith(start).doesNotContain("`", "Source", "Feature", "StreamReadConstraints",
                "jackson").hasSizeLessThanOrEqualTo(JsonErrors.MAX_SHOWN + 1);
    }

    @ParameterizedTest(name = "[{index}] {1}")
    @CsvSource(delimiter = '|', value = {
            "1f8b0800 | byte 0x1f is not JSON text (a gzip body needs Content-Encoding: gzip)",
            "5b22eda080225d | it is not valid UTF-8 (illegal surrogate character 0xd800); send the body as UTF-8",
            "5b22ff225d | it is not valid UTF-8 (start byte 0xff); send the body as UTF-8"})
    void bytesThatAreNoUtf8JsonTextAreDescribedInTheSendersTerms(String hex, String described) {
        // given
        byte[] bytes = java.util.HexFormat.of().parseHex(hex);

        // when
        JacksonException e = catchThrowableOfType(JacksonException.class, () -> {
            try (JsonParser parser = STRICT.createParser(bytes)) {
                while (parser.nextToken() != null) {
                    parser.getText();
                }
            }
        });

        // then
        assertThat(JsonErrors.describe(e)).isEqualTo(described);
    }

    private static void parseAll(String json) throws Exception {
        try (JsonParser parser = STRICT.createParser(json)) {
            while (parser.nextToken() != null) {
                parser.getText();
            }
        }
    }
}
