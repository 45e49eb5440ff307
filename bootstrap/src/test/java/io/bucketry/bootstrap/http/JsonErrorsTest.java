package io.bucketry.bootstrap.http;

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
            "[NaN] | Non-standard token 'NaN'",
            "[1234567] | Number value length (7) exceeds the maximum allowed (5)",
            "[[[[1]]]] | Document nesting depth (4) exceeds the maximum allowed (3)",
            "{\"a\":tru} | Unrecognized token 'tru'",
            "[\"a\u0001\"] | Illegal unquoted character"})
    void aParserComplaintIsDescribedWithoutTheParsersOwnNames(String json, String start) {
        // when
        JacksonException e = catchThrowableOfType(JacksonException.class, () -> parseAll(json));
        String described = JsonErrors.describe(e);

        // then
        assertThat(e.getMessage()).containsAnyOf("`", "Source:");
        assertThat(described).startsWith(start).doesNotContain("`", "Source", "Feature", "StreamReadConstraints",
                "jackson").hasSizeLessThanOrEqualTo(JsonErrors.MAX_SHOWN + 1);
    }

    private static void parseAll(String json) throws Exception {
        try (JsonParser parser = STRICT.createParser(json)) {
            while (parser.nextToken() != null) {
                parser.getText();
            }
        }
    }
}
