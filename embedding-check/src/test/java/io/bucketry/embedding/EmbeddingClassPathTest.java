package io.bucketry.embedding;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an application that declares bucketry-bootstrap and bucketry-adapter-mongo-bucket gets on its
 * class path: Guice (with what Guice itself needs), the Bucketry modules it uses, the MongoDB driver
 * and the SLF4J API. The list is Maven's own resolution (dependency:list, see this module's pom).
 */
class EmbeddingClassPathTest {

    /** Guice 7 and its own dependencies (Guava and its annotation jars), the driver, SLF4J, Bucketry. */
    private static final Set<String> ALLOWED_GROUPS = Set.of("io.bucketry", "com.google.inject", "jakarta.inject",
            "aopalliance", "com.google.guava", "com.google.code.findbugs", "com.google.errorprone",
            "com.google.j2objc", "org.checkerframework", "org.mongodb", "org.slf4j");

    private static final Pattern ARTIFACT = Pattern.compile("^\\s+([^:\\s]+):([^:\\s]+):jar:(?:[^:\\s]+:)?[^:\\s]+:(compile|runtime)\\b");

    @Test
    void theApplicationGetsGuiceTheModulesItUsesTheDriverAndTheSlf4jApiNothingElse() throws IOException {
        // given
        List<String> artifacts = resolvedArtifacts();

        // then
        assertThat(artifacts).filteredOn(a -> a.startsWith("io.bucketry:")).containsExactlyInAnyOrder(
                "io.bucketry:bucketry-bootstrap", "io.bucketry:bucketry-domain", "io.bucketry:bucketry-application",
                "io.bucketry:bucketry-adapter-inmemory", "io.bucketry:bucketry-adapter-mongo-bucket",
                "io.bucketry:bucketry-codec",   // the in-memory store seals its buckets with the codec
                "io.bucketry:bucketry-adapter-mongo-common");   // what both Mongo adapters share
        assertThat(artifacts).contains("com.google.inject:guice", "org.mongodb:mongodb-driver-sync", "org.slf4j:slf4j-api");
        assertThat(artifacts).allSatisfy(a -> assertThat(ALLOWED_GROUPS).as("group of %s", a).contains(a.split(":")[0]));
        assertThat(artifacts).as("one SLF4J artifact only: the API, no provider").filteredOn(a -> a.startsWith("org.slf4j:"))
                .containsExactly("org.slf4j:slf4j-api");
    }

    @Test
    void noneOfTheCommandLineServerOrTestServerClassesAreOnTheClassPath() {
        // the runnable jar's own dependencies: HTTP server, Kotlin (Javalin's), CLI, progress bar, logging backend,
        // the embedded MongoDB test server, Jackson
        List<String> absent = List.of("io.javalin.Javalin", "org.eclipse.jetty.server.Server", "kotlin.Unit",
                "picocli.CommandLine", "me.tongfei.progressbar.ProgressBar", "ch.qos.logback.classic.Logger",
                "de.bwaldvogel.mongo.MongoServer", "com.fasterxml.jackson.databind.ObjectMapper",
                "org.yaml.snakeyaml.Yaml", "io.bucketry.adapter.mongo.timeseries.MongoTimeSeriesReadingStore");

        assertThat(absent).allSatisfy(name -> assertThat(loadable(name)).as(name).isFalse());
        assertThat(List.of("com.google.inject.Guice", "com.mongodb.client.MongoClient", "org.slf4j.Logger",
                "io.bucketry.bootstrap.Bucketry")).allMatch(EmbeddingClassPathTest::loadable);
    }

    @Test
    void noJarOnTheClassPathBringsALogbackConfiguration() {
        ClassLoader loader = EmbeddingClassPathTest.class.getClassLoader();

        assertThat(loader.getResource("logback.xml")).isNull();
        assertThat(loader.getResource("logback-test.xml")).isNull();
    }

    /** {@code group:artifact} of every compile and runtime jar Maven resolved for this module. */
    static List<String> resolvedArtifacts() throws IOException {
        Path list = Path.of(System.getProperty("embedding.classPathList"));
        List<String> artifacts = Files.readAllLines(list).stream().map(ARTIFACT::matcher).filter(Matcher::find)
                .map(m -> m.group(1) + ":" + m.group(2)).toList();
        assertThat(artifacts).as("artifacts listed in %s", list).isNotEmpty();
        return artifacts;
    }

    private static boolean loadable(String className) {
        try {
            Class.forName(className, false, EmbeddingClassPathTest.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
