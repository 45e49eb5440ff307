package io.bucketry.server.http;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.http.Api.Answer;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** /health is the store's own probe; a full in-memory store refuses writes with 507 and says DOWN. */
class HealthAndCapacityHttpTest {

    private static <T> T against(ReadingStore store, Function<Api, T> calls) {
        BucketryConfig config = BucketryConfig.builder().build();
        try (ApiServer server = ApiServer.start(UseCases.over(store, config.applicationSettings(), Clock.systemUTC()),
                store.backend(), config, LocalServer.config())) {
            return calls.apply(new Api(server.port()));
        }
    }

    private static String readings(int from, int count) {
        StringBuilder body = new StringBuilder("[");
        Instant now = Instant.now();
        for (int i = from; i < from + count; i++) {
            body.append(i == from ? "" : ",").append("{\"series\":\"s\",\"time\":\"").append(now.minusSeconds(1000 - i))
                    .append("\",\"fields\":{\"temperature\":").append(i).append("}}");
        }
        return body.append("]").toString();
    }

    @Test
    void aStoreWhoseProbeFailsIsDownWith503AndTheReason() {
        FailingStore store = new FailingStore(() -> new StoreUnavailableException("the server at db:27017 did not answer"));

        Answer answer = against(store, api -> api.get("/health"));

        assertThat(answer.status()).isEqualTo(503);
        assertThat(answer.json().get("status").asText()).isEqualTo("DOWN");
        assertThat(answer.json().get("backend").asText()).isEqualTo("failing");
        assertThat(answer.json().get("reason").asText()).isEqualTo("the server at db:27017 did not answer");
    }

    @Test
    void aFullInMemoryStoreRefusesWith507AndIsDownWhileWhatItHoldsStaysReadable() {
        // given: room for one series of a one-letter id (720 + 1 bytes) and 10 one-field readings (16 + 8 bytes each)
        InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults(), 721 + 10 * 24);

        Answer[] answers = against(store, api -> new Answer[] {
                api.post("/v1/readings", readings(0, 8)),
                api.post("/v1/readings", readings(8, 5)),
                api.get("/health"),
                api.post("/v1/readings", readings(8, 2)),
                api.get("/health"),
                api.get("/v1/series/s/readings")});

        assertThat(answers[0].json().get("accepted").asInt()).isEqualTo(8);
        assertThat(answers[1].status()).isEqualTo(507);
        assertThat(answers[1].error()).isEqualTo("STORE_FULL");
        assertThat(answers[1].json().get("message").asText()).contains("none of them was stored, and sending the batch again is safe");
        assertThat(answers[2].status()).as("8 of 10 held: still room").isEqualTo(200);
        assertThat(answers[3].json().get("accepted").asInt()).isEqualTo(2);
        assertThat(answers[4].status()).isEqualTo(503);
        assertThat(answers[4].json().get("status").asText()).isEqualTo("DOWN");
        assertThat(answers[4].json().get("reason").asText()).contains("it holds 10 readings");
        assertThat(answers[5].json()).hasSize(10);
    }
}
