package io.bucketry.app.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The rules would notice a violation: the fixtures under {@code violating} break each rule once. */
class ArchitectureRulesCatchViolationsTest {

    private static final String ROOT = ArchitectureRulesCatchViolationsTest.class.getPackageName() + ".violating";

    @Test
    void everyRuleFailsOnTheFixturesAndItsReportNamesTheOffence() {
        // given: each rule, and the class and dependency that break it
        JavaClasses fixtures = new ClassFileImporter().importPackages(ROOT);
        Map<String, ArchRule> rules = BucketryArchitecture.rules(ROOT);
        Map<String, String> offences = Map.ofEntries(Map.entry("theServersPackagesAreLayered",
                        "Export.routes> has type <" + ROOT + ".server.http.Routes>"),
                Map.entry("layersUseOnlyTheLayersBeneathAndAdaptersNeverEachOther", "InMemoryStore.fallback> has type <" + ROOT + ".adapter.mongo.bucket.MongoBucketStore>"),
                Map.entry("onlyTheEmbeddingsWiringKnowsTheBackends", "StoreConfig.store> has type <" + ROOT + ".adapter.inmemory.InMemoryStore>"),
                Map.entry("thePackagesOfEachModuleFormNoCycles", "Export.routes> has type <" + ROOT + ".server.http.Routes>"),
                Map.entry("domainAndApplicationDependOnNothingButTheJdk", "Reading.log> has type <org.slf4j.Logger>"),
                Map.entry("domainAndApplicationHoldNoMutableStaticField", "IngestService.ingested> does not have modifier FINAL"),
                Map.entry("onlyTheMongoAdaptersKnowTheMongoDbDriver", "InMemoryStore.exported> has type <org.bson.Document>"),
                Map.entry("onlyTheEmbeddingKnowsGuice", "IngestService.injector> has type <com.google.inject.Injector>"),
                Map.entry("onlyTheServerKnowsTheHttpServerAndTheMetricsRegistry", "Simulate.app> has type <io.javalin.Javalin>"),
                Map.entry("neitherTheEmbeddingNorTheCoreKnowsJsonYamlOrTheCommandLine", "StoreConfig.mapper> has type <com.fasterxml.jackson.databind.ObjectMapper>"));
        assertThat(offences.keySet()).isEqualTo(rules.keySet());

        // when / then
        rules.forEach((name, rule) -> assertThat(rule.evaluate(fixtures).getFailureReport().getDetails())
                .as(name).anyMatch(line -> line.contains(offences.get(name))));
        assertThat(rules.get("layersUseOnlyTheLayersBeneathAndAdaptersNeverEachOther").evaluate(new ClassFileImporter()
                .importPackages(ROOT + ".domain")).getFailureReport().getDetails())
                .as("a layer without classes fails").anyMatch(line -> line.contains("Layer 'bootstrap' is empty"));
    }
}
