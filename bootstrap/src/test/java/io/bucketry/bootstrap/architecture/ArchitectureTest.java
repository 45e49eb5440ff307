package io.bucketry.bootstrap.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The production classes keep to the architecture of DESIGN §1. */
class ArchitectureTest {

    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = ProductionClasses.get();
    }

    @Test
    void theImportHoldsBucketrysMainClassesAndNoTestClass() {
        assertThat(production).isNotEmpty();
        assertThat(production).allSatisfy(javaClass -> assertThat(javaClass.getPackageName()).startsWith("io.bucketry."));
        assertThat(production.stream().map(JavaClass::getName))
                .noneMatch(name -> name.startsWith(getClass().getPackageName()))
                .noneMatch(name -> name.endsWith("Test"));
    }

    @Test
    void theDomainDependsOnlyOnTheJdk() {
        BucketryArchitecture.DOMAIN_DEPENDS_ONLY_ON_JAVA.check(production);
    }

    @Test
    void theApplicationDependsOnlyOnTheDomainAndTheJdk() {
        BucketryArchitecture.APPLICATION_DEPENDS_ONLY_ON_DOMAIN_AND_JAVA.check(production);
    }

    @Test
    void adaptersDoNotDependOnEachOther() {
        BucketryArchitecture.ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER.check(production);
    }

    @Test
    void adaptersDoNotDependOnBootstrap() {
        BucketryArchitecture.ADAPTERS_DO_NOT_DEPEND_ON_BOOTSTRAP.check(production);
    }

    @Test
    void guiceIsUsedOnlyInBootstrap() {
        BucketryArchitecture.GUICE_ONLY_IN_BOOTSTRAP.check(production);
    }

    @Test
    void jacksonIsUsedOnlyInBootstrap() {
        BucketryArchitecture.JACKSON_ONLY_IN_BOOTSTRAP.check(production);
    }

    @Test
    void theHttpServerIsUsedOnlyInBootstrap() {
        BucketryArchitecture.HTTP_SERVER_ONLY_IN_BOOTSTRAP.check(production);
    }

    @Test
    void picocliIsUsedOnlyInBootstrap() {
        BucketryArchitecture.PICOCLI_ONLY_IN_BOOTSTRAP.check(production);
    }

    @Test
    void theMongoDbDriverIsUsedOnlyInTheTwoMongoAdapters() {
        BucketryArchitecture.MONGODB_DRIVER_ONLY_IN_MONGO_ADAPTERS.check(production);
    }
}
