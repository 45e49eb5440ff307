package io.bucketry.server.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** mongo-timeseries on the embedded server over a real socket: the implied fallback stores one document per reading, and says so. */
class TimeSeriesFallbackHttpTest {

    @Test
    void theEmbeddedServerImpliesTheFallbackWhoseStatisticsSayDocumentsAreReadings() {
        BucketryConfig config = BucketryConfig.builder().backend(Backend.MONGO_TIMESERIES).embeddedMongo(true).build();
        Instant first = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(10, ChronoUnit.MINUTES);

        try (Bucketry bucketry = Bucketry.start(config); ApiServer server = ApiServer.start(bucketry, LocalServer.config())) {
            Api api = new Api(server.port());
            api.post("/v1/readings", "[" + ApiTestBase.reading("s-1", "\"" + first + "\"", "{\"temperature\":1}") + ","
                    + ApiTestBase.reading("s-1", "\"" + first.plusSeconds(1) + "\"", "{\"temperature\":2}") + "]");
            JsonNode stats = api.get("/v1/stats").json();

            assertThat(stats.get("backend").asText()).isEqualTo("mongo-timeseries");
            assertThat(stats.get("buckets").asLong()).isEqualTo(stats.get("readings").asLong()).isEqualTo(2);
            assertThat(stats.get("documentReduction").asDouble()).isEqualTo(1.0);
            assertThat(stats.get("avgBucketBytes").isNull()).isTrue();
            assertThat(bucketry.describe().describe().note()).contains("fallback", "documents = readings");
        }
    }
}
