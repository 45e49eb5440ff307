package io.bucketry.application.service;

import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.testing.ListReadingStore;
import io.bucketry.domain.BucketPolicy;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every service depends on the narrow outbound ports it calls, never on the whole store. */
class NarrowPortsTest {

    @Test
    void noServiceOfTheUseCasesTakesTheWholeReadingStore() throws ReflectiveOperationException {
        // given: the services UseCases builds over a whole store
        UseCases use = UseCases.over(new ListReadingStore(BucketPolicy.defaults()), ApplicationSettings.defaults(),
                Clock.systemUTC());
        List<Class<?>> services = new ArrayList<>();
        for (RecordComponent component : UseCases.class.getRecordComponents()) {
            services.add(component.getAccessor().invoke(use).getClass());
        }

        // then
        assertThat(services).hasSize(13).allMatch(s -> s.getPackageName().equals("io.bucketry.application.service"));
        for (Class<?> service : services) {
            for (Constructor<?> constructor : service.getDeclaredConstructors()) {
                assertThat(Arrays.asList(constructor.getParameterTypes())).as(constructor.toString())
                        .doesNotContain(ReadingStore.class);
            }
        }
    }
}
