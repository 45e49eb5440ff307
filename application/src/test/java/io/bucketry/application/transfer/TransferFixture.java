package io.bucketry.application.transfer;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.contract.Fixtures;
import io.bucketry.application.contract.MutableClock;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.domain.BucketPolicy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A list store with its use cases, and a way to fill it with readings a minute apart. */
final class TransferFixture {

    final ListReadingStore store = new ListReadingStore(BucketPolicy.defaults());
    final UseCases use = UseCases.over(store, ApplicationSettings.defaults(), new MutableClock(Fixtures.NOW));

    /** Stores {@code count} readings of {@code series}, one a minute from the fixtures' base, with a number and a text. */
    void fill(String series, int count) {
        List<ReadingInput> inputs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            inputs.add(ReadingInput.of(series, Fixtures.BASE.plus(Duration.ofMinutes(i)),
                    Map.of("temperature", 20 + i * 0.25, "status", i % 2 == 0 ? "OK" : "a \"b\", c")));
        }
        use.ingest().ingest(inputs);
    }
}
