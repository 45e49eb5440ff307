package io.bucketry.application.service;

import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreHealth;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CheckHealthServiceTest {

    @Test
    void anOpenStoreIsHealthy() {
        ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());

        assertThat(new CheckHealthService(store).check()).isEqualTo(StoreHealth.healthy());
    }

    @Test
    void aStoreThatSaysItIsDownIsDownWithItsReason() {
        ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());
        store.close();

        assertThat(new CheckHealthService(store).check()).isEqualTo(StoreHealth.down("the list store is closed"));
    }

    @Test
    void aStoreWhoseProbeFailsIsDownWithTheFailureAsReason() {
        // a store whose every call, its probe included, fails as an unreachable server does
        ReadingStore unreachable = (ReadingStore) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ReadingStore.class}, (proxy, method, args) -> {
                    throw new StoreUnavailableException("server at db:27017 did not answer");
                });
        CheckHealthService service = new CheckHealthService(unreachable);

        assertThat(service.check()).isEqualTo(StoreHealth.down("server at db:27017 did not answer"));
    }

    @Test
    void healthAndItsReasonAgree() {
        assertThatThrownBy(() -> new StoreHealth(true, "full")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'full'");
        assertThatThrownBy(() -> StoreHealth.down("")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs a reason");
    }
}
