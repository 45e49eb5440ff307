package io.bucketry.application.contract;

import io.bucketry.application.port.out.Capability;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.SubWindows;
import org.junit.jupiter.api.BeforeAll;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole {@link ReadingStoreContract} with sub-window summaries on: every windowed policy a test
 * asks for gets 5-minute sub-windows where they fit its width (a multiple of 5 minutes above it), so
 * the aggregate, late, duplicate, delete and retention cases all meet them. A store opts in by
 * extending this class instead, and must then declare {@link Capability#SUB_WINDOW_SUMMARIES}.
 */
public abstract class SubWindowStoreContract extends ReadingStoreContract {

    /** The sub-windows every fitting policy gets. */
    public static final SubWindows FIVE_MINUTES = SubWindows.every(Duration.ofMinutes(5));

    @Override
    protected final BucketPolicy policyFor(BucketPolicy requested) {
        if (requested instanceof BucketPolicy.Windowed windowed && windowed.widthMillis() > FIVE_MINUTES.widthMillis()
                && windowed.widthMillis() % FIVE_MINUTES.widthMillis() == 0) {
            return windowed.withSubWindows(FIVE_MINUTES);
        }
        return requested;
    }

    @BeforeAll
    void storeDeclaresSubWindowSummaries() {
        try (ReadingStore store = createStore(policyFor(BucketPolicy.defaults()))) {
            assertThat(store.capabilities()).as("capabilities of backend '%s', run with sub-windows on", store.backend())
                    .contains(Capability.SUB_WINDOW_SUMMARIES);
        }
    }
}
