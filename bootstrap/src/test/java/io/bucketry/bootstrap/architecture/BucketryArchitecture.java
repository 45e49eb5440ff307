package io.bucketry.bootstrap.architecture;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static io.bucketry.bootstrap.architecture.PackagesExist.packagesExist;

/**
 * The architecture of DESIGN §1 as ArchUnit rules, reusable on any set of imported classes: the
 * production classes in {@link ArchitectureTest}, deliberately broken fixtures in
 * {@link ArchitectureRulesCatchViolationsTest}. Each rule also fails when a package it names does
 * not exist, so a typo cannot make it pass on nothing; that check ({@link PackagesExist}) reports an
 * empty package by name, so ArchUnit's own "failed to check any classes" is switched off.
 */
final class BucketryArchitecture {

    static final String JAVA = "java..";
    static final String DOMAIN = "io.bucketry.domain..";
    static final String APPLICATION = "io.bucketry.application..";
    static final String ADAPTERS = "io.bucketry.adapter..";
    static final String IN_MEMORY_ADAPTER = "io.bucketry.adapter.inmemory..";
    static final String MONGO_BUCKET_ADAPTER = "io.bucketry.adapter.mongo.bucket..";
    static final String MONGO_TIMESERIES_ADAPTER = "io.bucketry.adapter.mongo.timeseries..";
    static final String BOOTSTRAP = "io.bucketry.bootstrap..";

    static final List<String> ALL_ADAPTERS = List.of(IN_MEMORY_ADAPTER, MONGO_BUCKET_ADAPTER, MONGO_TIMESERIES_ADAPTER);
    static final List<String> MONGO_ADAPTERS = List.of(MONGO_BUCKET_ADAPTER, MONGO_TIMESERIES_ADAPTER);

    static final List<String> GUICE = List.of("com.google.inject..");
    static final List<String> JACKSON = List.of("com.fasterxml.jackson..");
    static final List<String> HTTP_SERVER = List.of("io.javalin..", "org.eclipse.jetty..");
    static final List<String> PICOCLI = List.of("picocli..");
    static final List<String> MONGODB_DRIVER = List.of("com.mongodb..", "org.bson..");

    static final ArchRule DOMAIN_DEPENDS_ONLY_ON_JAVA = layerDependsOnlyOn(DOMAIN, JAVA);

    static final ArchRule APPLICATION_DEPENDS_ONLY_ON_DOMAIN_AND_JAVA = layerDependsOnlyOn(APPLICATION, DOMAIN, JAVA);

    static final ArchRule ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER = adaptersDoNotDependOnEachOther(ALL_ADAPTERS);

    static final ArchRule ADAPTERS_DO_NOT_DEPEND_ON_BOOTSTRAP = CompositeArchRule
            .of(noClasses().that().resideInAPackage(ADAPTERS)
                    .should().dependOnClassesThat().resideInAPackage(BOOTSTRAP)
                    .allowEmptyShould(true))
            .and(packagesExist(concat(ALL_ADAPTERS, BOOTSTRAP)));

    static final ArchRule GUICE_ONLY_IN_BOOTSTRAP = libraryOnlyIn("Guice", GUICE, List.of(BOOTSTRAP));

    static final ArchRule JACKSON_ONLY_IN_BOOTSTRAP = libraryOnlyIn("Jackson", JACKSON, List.of(BOOTSTRAP));

    static final ArchRule HTTP_SERVER_ONLY_IN_BOOTSTRAP = libraryOnlyIn("The HTTP server", HTTP_SERVER, List.of(BOOTSTRAP));

    static final ArchRule PICOCLI_ONLY_IN_BOOTSTRAP = libraryOnlyIn("picocli", PICOCLI, List.of(BOOTSTRAP));

    static final ArchRule MONGODB_DRIVER_ONLY_IN_MONGO_ADAPTERS =
            libraryOnlyIn("The MongoDB driver", MONGODB_DRIVER, MONGO_ADAPTERS);

    static final List<ArchRule> ALL = List.of(
            DOMAIN_DEPENDS_ONLY_ON_JAVA,
            APPLICATION_DEPENDS_ONLY_ON_DOMAIN_AND_JAVA,
            ADAPTERS_DO_NOT_DEPEND_ON_EACH_OTHER,
            ADAPTERS_DO_NOT_DEPEND_ON_BOOTSTRAP,
            GUICE_ONLY_IN_BOOTSTRAP,
            JACKSON_ONLY_IN_BOOTSTRAP,
            HTTP_SERVER_ONLY_IN_BOOTSTRAP,
            PICOCLI_ONLY_IN_BOOTSTRAP,
            MONGODB_DRIVER_ONLY_IN_MONGO_ADAPTERS);

    private BucketryArchitecture() {
    }

    /** Classes of {@code layer} depend only on classes of the layer itself and of {@code allowed}. */
    static ArchRule layerDependsOnlyOn(String layer, String... allowed) {
        String[] packages = concat(List.of(allowed), layer);
        return CompositeArchRule
                .of(classes().that().resideInAPackage(layer)
                        .should().onlyDependOnClassesThat().resideInAnyPackage(packages)
                        .allowEmptyShould(true))
                .and(packagesExist(packages));
    }

    /**
     * Every class under {@code io.bucketry.adapter..} belongs to one of {@code adapters} (so the
     * rule cannot miss a new adapter), and no adapter depends on another.
     */
    static ArchRule adaptersDoNotDependOnEachOther(List<String> adapters) {
        String[] all = adapters.toArray(String[]::new);
        CompositeArchRule rule = CompositeArchRule.of(classes().that().resideInAPackage(ADAPTERS)
                .should().resideInAnyPackage(all)
                .as("every class in " + ADAPTERS + " should belong to one of the adapters " + adapters)
                .allowEmptyShould(true));
        for (String adapter : adapters) {
            String[] others = adapters.stream().filter(other -> !other.equals(adapter)).toArray(String[]::new);
            rule = rule.and(noClasses().that().resideInAPackage(adapter)
                    .should().dependOnClassesThat().resideInAnyPackage(others)
                    .allowEmptyShould(true));
        }
        return rule.and(packagesExist(all));
    }

    /** No class outside {@code allowedLayers} depends on the library's packages. */
    static ArchRule libraryOnlyIn(String library, List<String> libraryPackages, List<String> allowedLayers) {
        return CompositeArchRule
                .of(noClasses().that().resideOutsideOfPackages(allowedLayers.toArray(String[]::new))
                        .should().dependOnClassesThat().resideInAnyPackage(libraryPackages.toArray(String[]::new))
                        .as(library + " " + libraryPackages + " should be used only in " + allowedLayers)
                        .allowEmptyShould(true))
                .and(packagesExist(Stream.concat(allowedLayers.stream(), libraryPackages.stream()).toArray(String[]::new)));
    }

    private static String[] concat(List<String> first, String... more) {
        List<String> all = new ArrayList<>(first);
        all.addAll(Arrays.asList(more));
        return all.toArray(String[]::new);
    }
}
