package io.bucketry.bootstrap;

import io.bucketry.bootstrap.config.BucketPolicyKind;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import com.google.inject.Guice;
import com.google.inject.Injector;
import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.application.port.in.AggregateSeriesUseCase;
import io.bucketry.application.port.in.DeleteSeriesUseCase;
import io.bucketry.application.port.in.DescribeStorageUseCase;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.ReadLastpointsUseCase;
import io.bucketry.application.port.in.ReadLatestReadingUseCase;
import io.bucketry.application.port.in.ReadPageUseCase;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.ReclaimExpiredUseCase;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.bootstrap.wiring.ApplicationModule;
import io.bucketry.bootstrap.wiring.SealingSource;
import io.bucketry.bootstrap.wiring.WriteMetricsSource;
import io.bucketry.bootstrap.wiring.InMemoryStoreModule;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BucketryTest {

    private static boolean threadAlive(String namePrefix) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().startsWith(namePrefix) && t.isAlive());
    }

    /** False as soon as no thread named {@code namePrefix…} is alive (a stopped pool's threads end a moment later). */
    private static boolean threadsStillAliveAfterWaiting(String namePrefix) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (threadAlive(namePrefix)) {
            if (System.nanoTime() > deadline) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    @Test
    void theApplicationModuleBindsEveryUseCaseOverTheStoreModulesStore() {
        Injector injector = Guice.createInjector(new ApplicationModule(BucketryConfig.defaults(), Clock.systemUTC()),
                new InMemoryStoreModule());

        for (Class<?> useCase : List.of(IngestReadingsUseCase.class, ReadReadingsUseCase.class,
                ReadLatestReadingUseCase.class, ReadPageUseCase.class, AggregateSeriesUseCase.class,
                AggregateAllSeriesUseCase.class, DescribeStorageUseCase.class, DeleteSeriesUseCase.class,
                ReclaimExpiredUseCase.class, ReadLastpointsUseCase.class)) {
            assertThat(injector.getInstance(useCase)).as(useCase.getSimpleName()).isNotNull();
        }
        assertThat(injector.getInstance(ReadingStore.class)).isSameAs(injector.getInstance(ReadingStore.class));
        assertThat(injector.getInstance(ReadingStore.class).backend()).isEqualTo("inmemory");
        injector.getInstance(ReadingStore.class).close();
    }

    @Test
    void theConfiguredPolicyReachesTheStore() {
        BucketryConfig config = BucketryConfig.builder().bucketPolicy(BucketPolicyKind.PAGED).pageSize(7).build();

        assertThat(Guice.createInjector(new ApplicationModule(config, Clock.systemUTC()), new InMemoryStoreModule())
                .getInstance(BucketPolicy.class)).isEqualTo(BucketPolicy.paged(7));
    }

    @Test
    void closingStopsTheSweeperAndIsIdempotent() throws InterruptedException {
        Bucketry bucketry = Bucketry.start(BucketryConfig.builder().sweepInterval(Duration.ofMillis(10)).build());
        assertThat(threadAlive("bucketry-expiry-sweeper")).isTrue();
        assertThat(bucketry.backend()).isEqualTo("inmemory");

        bucketry.close();
        bucketry.close();

        assertThat(threadsStillAliveAfterWaiting("bucketry-expiry-sweeper")).isFalse();
    }

    @Test
    void closingStopsTheEmbeddedMongoServerAfterTheStore() throws InterruptedException {
        Bucketry bucketry = Bucketry.start(BucketryConfig.builder().backend(Backend.MONGO_BUCKET).embeddedMongo(true).build());
        assertThat(bucketry.backend()).isEqualTo("mongo-bucket");
        assertThat(bucketry.unwrap(WriteMetricsSource.class)).isPresent();
        assertThat(bucketry.unwrap(MongoBucketSettings.class)).hasValueSatisfying(settings ->
                assertThat(settings.uri()).startsWith("mongodb://127.0.0.1:"));

        bucketry.close();

        assertThat(threadsStillAliveAfterWaiting("mongo-server")).isFalse();
    }

    @Test
    void aStoreThatCannotOpenStopsTheEmbeddedServerStartedForIt() throws InterruptedException {
        BucketryConfig paged = BucketryConfig.builder().backend(Backend.MONGO_TIMESERIES).embeddedMongo(true)
                .bucketPolicy(BucketPolicyKind.PAGED).build();

        assertThatThrownBy(() -> Bucketry.start(paged)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("paged bucket policy");
        assertThat(threadsStillAliveAfterWaiting("mongo-server")).isFalse();
    }

    @Test
    void anInMemoryStoreOffersNoMongoSettingsAndCountsNoWrites() {
        try (Bucketry inMemory = Bucketry.start(BucketryConfig.defaults())) {
            assertThat(inMemory.unwrap(MongoBucketSettings.class)).isEmpty();
            assertThat(inMemory.unwrap(WriteMetricsSource.class)).isEmpty();
        }
    }

    @Test
    void unwrapAnswersTheStoreAsItsOwnTypeAndNothingElse() {
        try (Bucketry inMemory = Bucketry.start(BucketryConfig.defaults())) {
            assertThat(inMemory.unwrap(InMemoryReadingStore.class)).isPresent();
            assertThat(inMemory.unwrap(ReadingStore.class)).containsSame(inMemory.unwrap(InMemoryReadingStore.class).orElseThrow());
            assertThat(inMemory.unwrap(SealingSource.class)).isEmpty();
            assertThat(inMemory.unwrap(String.class)).isEmpty();
            assertThat(inMemory.unwrap(com.google.inject.Injector.class)).as("the wiring is not offered").isEmpty();
            assertThat(inMemory.unwrap(io.bucketry.bootstrap.wiring.Resources.class)).isEmpty();
            assertThat(inMemory.unwrap(io.bucketry.bootstrap.wiring.ExpirySweeper.class)).isEmpty();
        }
    }

    @Test
    void anInvalidBuilderValueNamesIt() {
        assertThatThrownBy(() -> BucketryConfig.builder().bucketMaxCount(0).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("max count 0");
        assertThatThrownBy(() -> BucketryConfig.builder().sweepInterval(java.time.Duration.ZERO).build())
                .hasMessageContaining("sweepInterval 0s");
    }
}
