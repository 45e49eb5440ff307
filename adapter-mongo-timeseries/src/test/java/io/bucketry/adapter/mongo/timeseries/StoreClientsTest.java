package io.bucketry.adapter.mongo.timeseries;

import io.bucketry.adapter.mongo.common.MongoFailures;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The failures of a store's client name the limits it is built with. */
class StoreClientsTest {

    @Test
    void theLimitsNamedAreThoseTheClientIsBuiltWith() {
        assertThat(StoreClients.failures(MongoTimeSeriesSettings.of("mongodb://db1")))
                .isEqualTo(new MongoFailures("db1", 10000L, "the key mongoTimeout", 10000, "mongo-timeseries"));
        assertThat(StoreClients.failures(MongoTimeSeriesSettings.of("mongodb://db1/?timeoutMS=500&serverSelectionTimeoutMS=200")))
                .isEqualTo(new MongoFailures("db1", 500L, "the connection string's timeoutMS", 200, "mongo-timeseries"));
        assertThat(StoreClients.failures(MongoTimeSeriesSettings.of("mongodb://db1/?socketTimeoutMS=700")))
                .isEqualTo(new MongoFailures("db1", null, null, 10000, "mongo-timeseries"));
    }
}
