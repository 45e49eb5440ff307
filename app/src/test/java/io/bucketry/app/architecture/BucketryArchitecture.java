package io.bucketry.app.architecture;

import com.tngtech.archunit.lang.ArchRule;

import java.util.LinkedHashMap;
import java.util.Map;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * DESIGN §1 as ArchUnit rules on the packages under {@code root}: {@code io.bucketry} for the
 * production classes, the deliberately violating fixtures in {@link ArchitectureRulesCatchViolationsTest}.
 * The layers are the Maven modules, cut by who depends on them: the embedding ({@code bootstrap}), the
 * server's inbound adapters, the unpublished tools and the command line above them.
 */
final class BucketryArchitecture {

    private BucketryArchitecture() {
    }

    /** Each rule by the sentence that names it; every layer must hold a class, every class a layer. */
    static Map<String, ArchRule> rules(String root) {
        String domain = root + ".domain..";
        String application = root + ".application..";
        String inMemory = root + ".adapter.inmemory..";
        String bucket = root + ".adapter.mongo.bucket..";
        String timeSeries = root + ".adapter.mongo.timeseries..";
        // what both Mongo adapters share (client, failures, layout records, rollups), so neither holds a copy
        String mongoCommon = root + ".adapter.mongo.common..";
        String bootstrap = root + ".bootstrap..";
        String wiring = root + ".bootstrap.wiring..";
        // the one bridge to the Mongo common module outside the wiring: masking a configured URI, loaded lazily
        String mongoBridge = root + ".bootstrap.mongo..";
        String server = root + ".server..";
        String tools = root + ".tools..";
        String app = root + ".app..";
        Map<String, ArchRule> rules = new LinkedHashMap<>();
        rules.put("layersUseOnlyTheLayersBeneathAndAdaptersNeverEachOther", layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(false)
                .layer("domain").definedBy(domain)
                .layer("codec").definedBy(root + ".codec..")
                .layer("application").definedBy(root + ".application", root + ".application.port..",
                        root + ".application.settings..", root + ".application.transfer..")
                .layer("services").definedBy(root + ".application.service..")
                .layer("in-memory").definedBy(inMemory)
                .layer("mongo-bucket").definedBy(bucket)
                .layer("mongo-timeseries").definedBy(timeSeries)
                .layer("mongo-common").definedBy(mongoCommon)
                .layer("bootstrap").definedBy(bootstrap)
                .layer("server").definedBy(server)
                .layer("tools").definedBy(tools)
                .layer("app").definedBy(app)
                .whereLayer("app").mayNotBeAccessedByAnyLayer()
                .whereLayer("tools").mayOnlyBeAccessedByLayers("app")
                .whereLayer("server").mayOnlyBeAccessedByLayers("tools", "app")
                .whereLayer("bootstrap").mayOnlyBeAccessedByLayers("server", "tools", "app")
                // the tools measure a backend's own figures (sealing, Mongo diagnostics); the server never sees one
                .whereLayer("in-memory").mayOnlyBeAccessedByLayers("bootstrap", "tools")
                .whereLayer("mongo-bucket").mayOnlyBeAccessedByLayers("bootstrap", "tools")
                .whereLayer("mongo-timeseries").mayOnlyBeAccessedByLayers("bootstrap", "tools")
                .whereLayer("mongo-common").mayOnlyBeAccessedByLayers("mongo-bucket", "mongo-timeseries", "bootstrap", "tools")
                .whereLayer("services").mayOnlyBeAccessedByLayers("application")
                .whereLayer("domain").mayNotAccessAnyLayer()
                .whereLayer("codec").mayNotAccessAnyLayer()
                .whereLayer("codec").mayOnlyBeAccessedByLayers("in-memory", "mongo-bucket", "tools")   // tools: bench-codec
                .ensureAllClassesAreContainedInArchitecture());
        // the server's inbound adapters: routes over the formats they read and write, never the reverse
        rules.put("theServersPackagesAreLayered", layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(false)
                .layer("routes").definedBy(root + ".server.http..")
                .layer("transfer").definedBy(root + ".server.transfer..")
                .layer("metrics").definedBy(root + ".server.metrics..")
                .layer("json").definedBy(root + ".server.json..")
                .layer("lineprotocol").definedBy(root + ".server.lineprotocol..")
                .layer("influxql").definedBy(root + ".server.influxql..")
                .layer("server-config").definedBy(root + ".server")
                .whereLayer("routes").mayNotBeAccessedByAnyLayer()
                .whereLayer("transfer").mayOnlyBeAccessedByLayers("routes")
                .whereLayer("metrics").mayOnlyBeAccessedByLayers("routes")
                .whereLayer("json").mayOnlyBeAccessedByLayers("routes", "transfer")
                .whereLayer("server-config").mayOnlyBeAccessedByLayers("routes")
                .whereLayer("lineprotocol").mayOnlyBeAccessedByLayers("routes", "server-config")
                .whereLayer("influxql").mayOnlyBeAccessedByLayers("routes"));
        // a backend's classes are loaded only when it is configured: the embedder adds one backend, not all
        rules.put("onlyTheEmbeddingsWiringKnowsTheBackends", noClasses().that().resideInAPackage(bootstrap)
                .and().resideOutsideOfPackages(wiring, mongoBridge)
                .should().dependOnClassesThat().resideInAnyPackage(inMemory, bucket, timeSeries, mongoCommon));
        rules.put("thePackagesOfEachModuleFormNoCycles", slices().assignedFrom(new PackagesOfModules(root))
                .should().beFreeOfCycles());
        rules.put("domainAndApplicationDependOnNothingButTheJdk", classes().that().resideInAnyPackage(domain, application)
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", domain, application));
        rules.put("domainAndApplicationHoldNoMutableStaticField", fields().that().areStatic()
                .and().areDeclaredInClassesThat().resideInAnyPackage(domain, application)
                .should().beFinal());
        rules.put("onlyTheMongoAdaptersKnowTheMongoDbDriver", noClasses().that()
                .resideOutsideOfPackages(bucket, timeSeries, mongoCommon, tools)
                .should().dependOnClassesThat().resideInAnyPackage("com.mongodb..", "org.bson.."));
        rules.put("onlyTheEmbeddingKnowsGuice", noClasses().that().resideOutsideOfPackage(bootstrap)
                .should().dependOnClassesThat().resideInAnyPackage("com.google.inject..", "jakarta.inject..",
                        "javax.inject.."));
        rules.put("onlyTheServerKnowsTheHttpServerAndTheMetricsRegistry", noClasses().that().resideOutsideOfPackage(server)
                .should().dependOnClassesThat().resideInAnyPackage("io.javalin..", "org.eclipse.jetty..", "io.micrometer.."));
        rules.put("neitherTheEmbeddingNorTheCoreKnowsJsonYamlOrTheCommandLine", noClasses().that()
                .resideOutsideOfPackages(server, tools, app)
                .should().dependOnClassesThat().resideInAnyPackage("com.fasterxml.jackson..", "picocli..",
                        "me.tongfei.progressbar.."));
        return rules;
    }
}
