package io.bucketry.bootstrap.architecture;

import com.tngtech.archunit.lang.ArchRule;

import java.util.Map;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

/**
 * DESIGN §1 as ArchUnit rules on the packages under {@code root}: {@code io.bucketry} for the
 * production classes, the deliberately violating fixtures in {@link ArchitectureRulesCatchViolationsTest}.
 */
final class BucketryArchitecture {

    private BucketryArchitecture() {
    }

    /** Each rule by the sentence that names it; every layer must hold a class, every class a layer. */
    static Map<String, ArchRule> rules(String root) {
        String domain = root + ".domain..";
        String application = root + ".application..";
        String bucket = root + ".adapter.mongo.bucket..";
        String timeSeries = root + ".adapter.mongo.timeseries..";
        // what both Mongo adapters share (client, failures, layout records, rollups), so neither holds a copy
        String mongoCommon = root + ".adapter.mongo.common..";
        String bootstrap = root + ".bootstrap..";
        return Map.of(
                "layersUseOnlyTheLayersBeneathAndAdaptersNeverEachOther", layeredArchitecture()
                        .consideringOnlyDependenciesInLayers()
                        .withOptionalLayers(false)
                        .layer("domain").definedBy(domain)
                        .layer("codec").definedBy(root + ".codec..")
                        .layer("application").definedBy(root + ".application", root + ".application.port..",
                                root + ".application.transfer..")
                        .layer("services").definedBy(root + ".application.service..")
                        .layer("in-memory").definedBy(root + ".adapter.inmemory..")
                        .layer("mongo-bucket").definedBy(bucket)
                        .layer("mongo-timeseries").definedBy(timeSeries)
                        .layer("mongo-common").definedBy(mongoCommon)
                        .layer("bootstrap").definedBy(bootstrap)
                        .whereLayer("bootstrap").mayNotBeAccessedByAnyLayer()
                        .whereLayer("in-memory").mayOnlyBeAccessedByLayers("bootstrap")
                        .whereLayer("mongo-bucket").mayOnlyBeAccessedByLayers("bootstrap")
                        .whereLayer("mongo-timeseries").mayOnlyBeAccessedByLayers("bootstrap")
                        .whereLayer("mongo-common").mayOnlyBeAccessedByLayers("mongo-bucket", "mongo-timeseries", "bootstrap")
                        .whereLayer("services").mayOnlyBeAccessedByLayers("application")
                        .whereLayer("domain").mayNotAccessAnyLayer()
                        .whereLayer("codec").mayNotAccessAnyLayer()
                        .whereLayer("codec").mayOnlyBeAccessedByLayers("in-memory", "mongo-bucket")
                        .ensureAllClassesAreContainedInArchitecture(),
                "domainAndApplicationDependOnNothingButTheJdk", classes().that().resideInAnyPackage(domain, application)
                        .should().onlyDependOnClassesThat().resideInAnyPackage("java..", domain, application),
                "domainAndApplicationHoldNoMutableStaticField", fields().that().areStatic()
                        .and().areDeclaredInClassesThat().resideInAnyPackage(domain, application)
                        .should().beFinal(),
                "onlyTheMongoAdaptersKnowTheMongoDbDriver", noClasses().that().resideOutsideOfPackages(bucket, timeSeries, mongoCommon)
                        .should().dependOnClassesThat().resideInAnyPackage("com.mongodb..", "org.bson.."),
                "onlyBootstrapKnowsTheFrameworks", noClasses().that().resideOutsideOfPackage(bootstrap)
                        .should().dependOnClassesThat().resideInAnyPackage("com.google.inject..", "jakarta.inject..",
                                "javax.inject..", "com.fasterxml.jackson..", "io.javalin..", "org.eclipse.jetty..",
                                "picocli..", "io.micrometer.."));
    }
}
