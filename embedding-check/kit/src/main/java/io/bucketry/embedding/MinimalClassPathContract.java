package io.bucketry.embedding;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.Bucketry;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.bootstrap.config.ConfigurationException;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.WindowAggregate;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every embedding application proves on its own class path (Maven's resolution of
 * bucketry-bootstrap plus one backend): it starts, stores and queries; it holds the Bucketry modules it
 * uses and no class of the server, the command line, the tools or another backend; and a backend it
 * left out is refused naming the artifact to add. Each application subclasses this in a few lines.
 */
public abstract class MinimalClassPathContract {

    /** Guice 7 and its own dependencies (Guava and its annotation jars), SLF4J, Bucketry. */
    private static final Set<String> COMMON_GROUPS = Set.of("io.bucketry", "com.google.inject", "jakarta.inject",
            "aopalliance", "com.google.guava", "com.google.code.findbugs", "com.google.errorprone",
            "com.google.j2objc", "org.checkerframework", "org.slf4j");

    /** Classes of the server, the command line, the tools and their libraries: never on an embedding class path. */
    private static final List<String> NEVER = List.of("io.bucketry.server.http.ApiServer",
            "io.bucketry.app.cli.BucketryCommand", "io.bucketry.tools.simulate.Simulation", "io.javalin.Javalin",
            "org.eclipse.jetty.server.Server", "kotlin.Unit", "picocli.CommandLine", "me.tongfei.progressbar.ProgressBar",
            "ch.qos.logback.classic.Logger", "com.fasterxml.jackson.databind.ObjectMapper", "org.yaml.snakeyaml.Yaml");

    private static final Pattern ARTIFACT =
            Pattern.compile("^\\s+([^:\\s]+):([^:\\s]+):jar:(?:[^:\\s]+:)?[^:\\s]+:(compile|runtime)\\b");

    /** The store configuration this application starts. */
    protected abstract BucketryConfig config();

    /** {@code io.bucketry:…} artifacts Maven resolves for this application, exactly. */
    protected abstract Set<String> bucketryArtifacts();

    /** Groups besides Guice's, SLF4J's and Bucketry's that the backend brings (the MongoDB driver's). */
    protected abstract Set<String> backendGroups();

    /** Store classes of the backends this application did not add. */
    protected abstract List<String> otherBackendsStores();

    /** A backend this application did not add, and the artifact the refusal must name. */
    protected abstract Map.Entry<Backend, String> missingBackend();

    @Test
    void theApplicationStartsStoresAndQueriesOnItsOwnClassPath() {
        // given: two readings and a duplicate inside the last whole hour, one aligned window of it
        SeriesId series = SeriesId.of("embedded-" + UUID.randomUUID());
        Instant hour = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(1));
        Instant first = hour.plus(Duration.ofMinutes(10));
        Instant second = hour.plus(Duration.ofMinutes(20));
        try (Bucketry bucketry = Bucketry.start(config())) {
            // when
            IngestReport report = bucketry.ingest().ingest(List.of(
                    ReadingInput.of(series.value(), first, Map.of("temperature", 20.0)),
                    ReadingInput.of(series.value(), second, Map.of("temperature", 22.0)),
                    ReadingInput.of(series.value(), second, Map.of("temperature", 99.0))));
            List<Reading> read = bucketry.read().read(series, hour, null, 10);
            List<WindowAggregate> windows = bucketry.aggregate().aggregate(series, hour, hour.plus(Duration.ofHours(1)),
                    Duration.ofHours(1));

            // then
            assertThat(bucketry.backend()).isEqualTo(config().backend().id());
            assertThat(report.accepted()).isEqualTo(2);
            assertThat(report.duplicates()).isEqualTo(1);
            assertThat(read).extracting(Reading::time).containsExactly(first, second);
            assertThat(windows).singleElement().satisfies(w -> assertThat(w.count()).isEqualTo(2));
            assertThat(bucketry.latest().latest(series)).hasValueSatisfying(r -> assertThat(r.time()).isEqualTo(second));
        }
    }

    @Test
    void theConfigurationPrintsWithoutLoadingWhatTheApplicationLeftOut() {
        // given: credentials in a URI nothing uses on an in-memory application, and this application's own
        String printed = BucketryConfig.builder().mongoUri("mongodb://ann:s3cret@db.example:27017").build().toString();

        // then: toString loads only what is on this class path, and never shows the password
        assertThat(printed).contains("mongoUri=").doesNotContain("s3cret");
        assertThat(config().toString()).contains("backend=" + config().backend().id());
    }

    @Test
    void unwrapAnswersTheStoreAndNoneOfTheWiring() {
        try (Bucketry bucketry = Bucketry.start(config())) {
            assertThat(bucketry.unwrap(io.bucketry.application.port.out.ReadingStore.class)).isPresent();
            assertThat(bucketry.unwrap(com.google.inject.Injector.class)).isEmpty();
            assertThat(bucketry.unwrap(java.time.Clock.class)).isEmpty();
        }
    }

    @Test
    void theClassPathHoldsBootstrapItsBackendAndNothingElse() throws IOException {
        List<String> artifacts = resolvedArtifacts();

        assertThat(artifacts).filteredOn(a -> a.startsWith("io.bucketry:"))
                .containsExactlyInAnyOrderElementsOf(bucketryArtifacts());
        assertThat(artifacts).allSatisfy(a -> assertThat(a.split(":")[0]).as("group of %s", a)
                .isIn(union(COMMON_GROUPS, backendGroups())));
        assertThat(artifacts).as("one SLF4J artifact only: the API, no provider")
                .filteredOn(a -> a.startsWith("org.slf4j:")).containsExactly("org.slf4j:slf4j-api");
    }

    @Test
    void noServerCommandLineToolOrOtherBackendClassCanBeLoaded() {
        assertThat(NEVER).allSatisfy(name -> assertThat(loadable(name)).as(name).isFalse());
        assertThat(otherBackendsStores()).allSatisfy(name -> assertThat(loadable(name)).as(name).isFalse());
        assertThat(loadable("io.bucketry.bootstrap.Bucketry")).isTrue();
    }

    @Test
    void aBackendTheApplicationLeftOutIsRefusedNamingTheArtifactToAdd() {
        Map.Entry<Backend, String> missing = missingBackend();
        BucketryConfig config = BucketryConfig.builder().backend(missing.getKey()).build();

        assertThatThrownBy(() -> Bucketry.start(config)).isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("backend " + missing.getKey().id() + " needs " + missing.getValue()
                        + " on the class path, and it is not there");
    }

    @Test
    void noJarOnTheClassPathBringsALogbackConfiguration() {
        ClassLoader loader = getClass().getClassLoader();

        assertThat(loader.getResource("logback.xml")).isNull();
        assertThat(loader.getResource("logback-test.xml")).isNull();
    }

    /** {@code group:artifact} of every compile and runtime jar Maven resolved for this application. */
    protected static List<String> resolvedArtifacts() throws IOException {
        Path list = Path.of(System.getProperty("embedding.classPathList"));
        List<String> artifacts = Files.readAllLines(list).stream().map(ARTIFACT::matcher).filter(Matcher::find)
                .map(m -> m.group(1) + ":" + m.group(2)).toList();
        assertThat(artifacts).as("artifacts listed in %s", list).isNotEmpty();
        return artifacts;
    }

    protected boolean loadable(String className) {
        try {
            Class.forName(className, false, getClass().getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new java.util.HashSet<>(a);
        all.addAll(b);
        return all;
    }
}
