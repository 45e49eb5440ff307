package io.bucketry.application.service;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The use cases over a fresh list store, with small limits that are easy to reach in a test. */
final class ServiceFixture {

    static final int MAX_BATCH = 5;
    static final int MAX_WINDOWS = 10;
    static final int PAGE_SIZE = 3;

    final MutableClock clock = new MutableClock(Fixtures.NOW);
    final ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());
    final UseCases use = UseCases.over(store,
            new ApplicationSettings(RetentionPolicy.defaults(), MAX_BATCH, MAX_WINDOWS, PAGE_SIZE), clock);

    /** Asserts that {@code call} refuses the whole request with {@code code} and a message. */
    static void assertRefused(ThrowingCallable call, String code) {
        assertThatThrownBy(call)
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> {
                    assertThat(e.code()).isEqualTo(code);
                    assertThat(e.getMessage()).isNotBlank();
                });
    }
}
