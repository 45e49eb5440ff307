package io.bucketry.bootstrap;

import com.google.inject.Guice;
import com.google.inject.Injector;
import io.bucketry.application.port.in.AggregateAllSeriesUseCase;
import io.bucketry.application.port.in.AggregateSeriesUseCase;
import io.bucketry.application.port.in.DeleteSeriesUseCase;
import io.bucketry.application.port.in.DescribeStorageUseCase;
import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.in.ReadLatestReadingUseCase;
import io.bucketry.application.port.in.ReadPageUseCase;
import io.bucketry.application.port.in.ReadReadingsUseCase;
import io.bucketry.application.port.in.ReclaimExpiredUseCase;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.bootstrap.wiring.ApplicationModule;
import io.bucketry.bootstrap.wiring.InMemoryStoreModule;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BucketryTest {

    private static boolean sweeperRunning() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("bucketry-expiry-sweeper") && t.isAlive());
    }

    @Test
    void theApplicationModuleBindsEveryUseCaseOverTheStoreModulesStore() {
        Injector injector = Guice.createInjector(new ApplicationModule(BucketryConfig.defaults(), Clock.systemUTC()),
                new InMemoryStoreModule());

        for (Class<?> useCase : List.of(IngestReadingsUseCase.class, ReadReadingsUseCase.class,
                ReadLatestReadingUseCase.class, ReadPageUseCase.class, AggregateSeriesUseCase.class,
                AggregateAllSeriesUseCase.class, DescribeStorageUseCase.class, DeleteSeriesUseCase.class,
                ReclaimExpiredUseCase.class)) {
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
    void closingStopsTheSweeperAndIsIdempotent() {
        Bucketry bucketry = Bucketry.start(BucketryConfig.builder().sweepInterval(Duration.ofMillis(10)).build());
        assertThat(sweeperRunning()).isTrue();
        assertThat(bucketry.backend()).isEqualTo("inmemory");

        bucketry.close();
        bucketry.close();

        assertThat(sweeperRunning()).isFalse();
    }

    @Test
    void aBackendWithoutAStoreModuleFailsWithOneClearLine() {
        BucketryConfig config = BucketryConfig.builder().backend(Backend.MONGO_TIMESERIES).build();

        assertThatThrownBy(() -> Bucketry.start(config))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("backend mongo-timeseries has no store module in this build yet; available: inmemory");
    }

    @Test
    void anInvalidBuilderValueNamesIt() {
        assertThatThrownBy(() -> BucketryConfig.builder().bucketMaxCount(0).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("max count 0");
        assertThatThrownBy(() -> BucketryConfig.builder().port(-1).build()).hasMessageContaining("port -1");
    }
}
