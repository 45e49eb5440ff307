package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/** The one Jackson configuration of the HTTP API and of simulate's JSON report. */
public final class Json {

    private Json() {
    }

    /**
     * The parsers of request bodies: no limit of their own on a number's length (the body reader
     * refuses long numbers per reading, {@code http.JsonValues}), duplicate keys left to the reader too.
     */
    public static JsonFactory bodyParsers() {
        return JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNumberLength(Integer.MAX_VALUE).build())
                .build();
    }

    /**
     * A mapper that reads every non-integral number as {@link java.math.BigDecimal} (so that
     * {@code 1e999} reaches validation as a number too large for a double, not as infinity),
     * refuses trailing content, and writes instants as ISO-8601 text.
     */
    public static ObjectMapper mapper() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .build();
    }
}
