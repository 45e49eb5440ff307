package io.bucketry.app.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.stream.Stream;

/** Bucketry's production classes (every module is on the command line module's test class path) keep to DESIGN §1. */
class ArchitectureTest {

    @TestFactory
    Stream<DynamicTest> theProductionClassesKeepToEveryRule() {
        JavaClasses production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))   // the server's test client
                .importPackages("io.bucketry");
        return BucketryArchitecture.rules("io.bucketry").entrySet().stream()
                .map(rule -> DynamicTest.dynamicTest(rule.getKey(), () -> rule.getValue().check(production)));
    }
}
