package io.bucketry.bootstrap.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static io.bucketry.bootstrap.architecture.BucketryArchitecture.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The rules of {@link BucketryArchitecture} would fail on a violation: they are applied to
 * fixture classes in the real package names ({@link Fixtures}) that keep to the architecture, and
 * then to the same classes with one deliberately offending class added, or a package taken away.
 */
class ArchitectureRulesCatchViolationsTest {

    @Test
    void aCleanApplicationBreaksNoRule() {
        // given
        JavaClasses clean = Fixtures.clean();

        // when / then
        for (ArchRule rule : ALL) {
            EvaluationResult result = rule.evaluate(clean);
            assertThat(result.hasViolation()).as("%s%n%s", rule.getDescription(), result.getFailureReport()).isFalse();
        }
    }

    static Stream<Arguments> violations() {
        return Stream.of(
                arguments("the domain uses Guice", "FixtureInjectedReading", DOMAIN_DEPENDS_ONLY_ON_JAVA),
                arguments("the domain uses Guice", "FixtureInjectedReading", GUICE_ONLY_IN_BOOTSTRAP),
                arguments("the domain knows an application service", "FixtureReadingThatIngests", DOMAIN_DEPENDS_ONLY_ON_JAVA),
                arguments("the domain parses a command line", "FixtureCommand", DOMAIN_DEPENDS_ONLY_ON_JAVA),
                arguments("the domain parses a command line", "FixtureCommand", PICOCLI_ONLY_IN_BOOTSTRAP),
                arguments("the application creates an adapter", "FixtureServiceWithInMemoryStore", APPLICATION_DEPENDS_ONLY_ON_DOMAIN_AND_JAVA),
                arguments("the application writes JSON with Jackson", "FixtureJsonService", APPLICATION_DEPENDS_ONLY_ON_DOMAIN_AND_JAVA),
                arguments("the application writes JSON with Jackson", "FixtureJsonService", JACKSON_ONLY_IN_BOOTSTRAP),
                arguments("the application refers to bootstrap", "FixtureLooksUpMain", APPLICATION_DEPENDS_ONLY_ON_DOMAIN_AND_JAVA),
                arguments("the application uses Jetty", "FixtureJettyHealth", HTTP_SERVER_ONLY_IN_BOOTSTRAP),
                arguments("the application's port speaks BSON", "FixtureBsonStore", APPLICATION_DEPENDS_ONLY_ON_DOMAIN_AND_JAVA),
                arguments("the application's port speaks BSON", "FixtureBsonStore", MONGODB_DRIVER_ONLY_IN_MONGO_ADAPTERS),
                arguments("the time-series adapter calls the bucket adapter", "FixtureBorrowedConverter", ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER),
                arguments("the in-memory adapter holds a Mongo adapter", "FixtureFallbackStore", ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER),
                arguments("an adapter outside the known adapters", "FixtureRedisStore", ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER),
                arguments("an adapter starts the application", "FixtureStartsTheApp", ADAPTERS_DO_NOT_DEPEND_ON_BOOTSTRAP),
                arguments("an adapter is a Guice module", "FixtureInMemoryModule", GUICE_ONLY_IN_BOOTSTRAP),
                arguments("an adapter serves HTTP with Javalin", "FixtureAdminEndpoint", HTTP_SERVER_ONLY_IN_BOOTSTRAP),
                arguments("the in-memory adapter builds BSON", "FixtureBsonExport", MONGODB_DRIVER_ONLY_IN_MONGO_ADAPTERS),
                arguments("bootstrap holds a MongoDB client", "FixtureMongoWiring", MONGODB_DRIVER_ONLY_IN_MONGO_ADAPTERS));
    }

    @ParameterizedTest(name = "{0}: {1} breaks \"{2}\"")
    @MethodSource("violations")
    void aDeliberateViolationBreaksItsRuleAndTheReportNamesTheOffendingClass(String what, String offender, ArchRule rule) {
        // given
        JavaClasses withOffender = Fixtures.cleanWith(offender);

        // when
        EvaluationResult result = rule.evaluate(withOffender);

        // then
        assertThat(result.hasViolation()).as("%s should break %s", offender, rule.getDescription()).isTrue();
        assertThat(result.getFailureReport().getDetails()).anyMatch(line -> line.contains("." + offender));
        assertThat(rule.evaluate(Fixtures.clean()).hasViolation()).as("without %s", offender).isFalse();
    }

    @Test
    void everyRuleIsShownToCatchAViolation() {
        assertThat(violations().map(arguments -> arguments.get()[2]).distinct().toList())
                .containsExactlyInAnyOrderElementsOf(ALL);
    }

    @Test
    void aMissingAdapterPackageBreaksEveryRuleThatNamesIt() {
        // given: the time-series adapter's classes are not there (not yet written, or not on the class path)
        JavaClasses withoutTimeSeries = Fixtures.cleanWithout(MONGO_TIMESERIES_ADAPTER);

        // when / then
        for (ArchRule rule : List.of(ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER, ADAPTERS_DO_NOT_DEPEND_ON_BOOTSTRAP,
                MONGODB_DRIVER_ONLY_IN_MONGO_ADAPTERS)) {
            EvaluationResult result = rule.evaluate(withoutTimeSeries);
            assertThat(result.hasViolation()).as(rule.getDescription()).isTrue();
            assertThat(result.getFailureReport().getDetails())
                    .anyMatch(line -> line.contains("package io.bucketry.adapter.mongo.timeseries.. contains no imported class"));
        }
        assertThat(DOMAIN_DEPENDS_ONLY_ON_JAVA.evaluate(withoutTimeSeries).hasViolation()).isFalse();
    }

    @Test
    void aTypoInALayerPackageIsReportedAsAnEmptyPackage() {
        // given: "domian" for "domain" (ArchUnit's own empty check is off in these rules)
        ArchRule typo = layerDependsOnlyOn("io.bucketry.domian..", JAVA);

        // when
        EvaluationResult result = typo.evaluate(Fixtures.clean());

        // then
        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().getDetails())
                .anyMatch(line -> line.contains("package io.bucketry.domian.. contains no imported class"));
    }

    @Test
    void aTypoInALibraryPackageFailsWhereThePlainRuleWouldPassOnNothing() {
        // given: "inejct" for "inject", and the domain really using Guice
        JavaClasses domainUsesGuice = Fixtures.cleanWith("FixtureInjectedReading");
        ArchRule plain = noClasses().that().resideOutsideOfPackage(BOOTSTRAP)
                .should().dependOnClassesThat().resideInAPackage("com.google.inejct..");
        ArchRule guarded = libraryOnlyIn("Guice", List.of("com.google.inejct.."), List.of(BOOTSTRAP));

        // when
        EvaluationResult plainResult = plain.evaluate(domainUsesGuice);
        EvaluationResult guardedResult = guarded.evaluate(domainUsesGuice);

        // then
        assertThat(plainResult.hasViolation()).as("the unguarded rule passes vacuously").isFalse();
        assertThat(guardedResult.hasViolation()).isTrue();
        assertThat(guardedResult.getFailureReport().getDetails()).anyMatch(line -> line.contains(
                "package com.google.inejct.. is neither used by an imported class nor on the class path"));
    }

    @Test
    void aTypoInTheAllowedMongoAdapterPackageIsReportedAsAnEmptyPackage() {
        // given
        ArchRule typo = libraryOnlyIn("The MongoDB driver", MONGODB_DRIVER,
                List.of("io.bucketry.adapter.mongo.buckets..", MONGO_TIMESERIES_ADAPTER));

        // when
        EvaluationResult result = typo.evaluate(Fixtures.clean());

        // then
        assertThat(result.getFailureReport().getDetails())
                .anyMatch(line -> line.contains("package io.bucketry.adapter.mongo.buckets.. contains no imported class"));
    }
}
