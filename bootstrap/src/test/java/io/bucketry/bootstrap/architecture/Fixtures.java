package io.bucketry.bootstrap.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Class sets for checking the rules themselves: a small application that keeps to the
 * architecture, in the real package names, plus deliberately offending classes, each one of which
 * can be added to it. All are compiled once, together.
 */
final class Fixtures {

    /** Stand-ins for the libraries the rules name; only their package names matter. */
    private static final List<String> LIBRARY_STUBS = List.of(
            "package com.google.inject; public interface Injector {}",
            "package com.google.inject; public abstract class AbstractModule {}",
            "package com.fasterxml.jackson.databind; public class ObjectMapper {}",
            "package io.javalin; public class Javalin {}",
            "package org.eclipse.jetty.server; public class Server {}",
            "package picocli; public class CommandLine {}",
            "package com.mongodb.client; public interface MongoCollection {}",
            "package com.mongodb.client; public interface MongoClient {}",
            "package org.bson; public class Document {}");

    /** A tiny Bucketry that keeps to every rule and uses every library where it is allowed. */
    private static final List<String> CLEAN = List.of(
            """
            package io.bucketry.domain;
            public record FixtureReading(String series, long time, double value) {
                public FixtureReading { java.util.Objects.requireNonNull(series, "series"); }
            }
            """,
            """
            package io.bucketry.application.port.out;
            import io.bucketry.domain.FixtureReading;
            public interface FixtureStore { void store(java.util.List<FixtureReading> readings); }
            """,
            """
            package io.bucketry.application.service;
            import io.bucketry.application.port.out.FixtureStore;
            import io.bucketry.domain.FixtureReading;
            import java.util.List;
            public final class FixtureIngestService {
                private final FixtureStore store;
                public FixtureIngestService(FixtureStore store) { this.store = store; }
                public void ingest(List<FixtureReading> readings) { store.store(readings); }
            }
            """,
            """
            package io.bucketry.adapter.inmemory;
            import io.bucketry.application.port.out.FixtureStore;
            import io.bucketry.domain.FixtureReading;
            import java.util.ArrayList;
            import java.util.List;
            public final class FixtureInMemoryStore implements FixtureStore {
                private final List<FixtureReading> readings = new ArrayList<>();
                @Override public void store(List<FixtureReading> batch) { readings.addAll(batch); }
            }
            """,
            """
            package io.bucketry.adapter.mongo.bucket;
            import com.mongodb.client.MongoCollection;
            import io.bucketry.application.port.out.FixtureStore;
            import io.bucketry.domain.FixtureReading;
            import org.bson.Document;
            import java.util.List;
            public final class FixtureMongoBucketStore implements FixtureStore {
                private MongoCollection collection;
                public Document toDocument(FixtureReading reading) { return new Document(); }
                @Override public void store(List<FixtureReading> batch) { batch.forEach(this::toDocument); }
            }
            """,
            """
            package io.bucketry.adapter.mongo.timeseries;
            import com.mongodb.client.MongoClient;
            import io.bucketry.application.port.out.FixtureStore;
            import io.bucketry.domain.FixtureReading;
            import org.bson.Document;
            import java.util.List;
            public final class FixtureMongoTimeSeriesStore implements FixtureStore {
                private MongoClient client;
                @Override public void store(List<FixtureReading> batch) { new Document(); }
            }
            """,
            """
            package io.bucketry.bootstrap;
            import com.fasterxml.jackson.databind.ObjectMapper;
            import com.google.inject.Injector;
            import io.bucketry.adapter.inmemory.FixtureInMemoryStore;
            import io.bucketry.adapter.mongo.bucket.FixtureMongoBucketStore;
            import io.bucketry.adapter.mongo.timeseries.FixtureMongoTimeSeriesStore;
            import io.bucketry.application.port.out.FixtureStore;
            import io.bucketry.application.service.FixtureIngestService;
            import io.javalin.Javalin;
            import org.eclipse.jetty.server.Server;
            import picocli.CommandLine;
            public final class FixtureMain {
                Injector injector;
                ObjectMapper json = new ObjectMapper();
                Javalin http;
                Server jetty;
                CommandLine commandLine;
                FixtureStore[] stores = {
                        new FixtureInMemoryStore(), new FixtureMongoBucketStore(), new FixtureMongoTimeSeriesStore() };
                FixtureIngestService service = new FixtureIngestService(stores[0]);
            }
            """,
            """
            package io.bucketry.bootstrap.wiring;
            public final class FixtureStoreModule extends com.google.inject.AbstractModule {}
            """);

    /** Classes that each break a rule, by simple name. */
    private static final Map<String, String> OFFENDERS = new TreeMap<>(Map.ofEntries(
            offender("""
                    package io.bucketry.domain;
                    public final class FixtureInjectedReading { com.google.inject.Injector injector; }
                    """),
            offender("""
                    package io.bucketry.domain;
                    public final class FixtureReadingThatIngests {
                        void ingest(io.bucketry.application.service.FixtureIngestService service) {}
                    }
                    """),
            offender("""
                    package io.bucketry.domain;
                    public final class FixtureCommand { picocli.CommandLine commandLine; }
                    """),
            offender("""
                    package io.bucketry.application.service;
                    public final class FixtureServiceWithInMemoryStore {
                        Object store = new io.bucketry.adapter.inmemory.FixtureInMemoryStore();
                    }
                    """),
            offender("""
                    package io.bucketry.application.service;
                    public final class FixtureJsonService {
                        Object json() { return new com.fasterxml.jackson.databind.ObjectMapper(); }
                    }
                    """),
            offender("""
                    package io.bucketry.application;
                    public final class FixtureLooksUpMain { Class<?> main = io.bucketry.bootstrap.FixtureMain.class; }
                    """),
            offender("""
                    package io.bucketry.application;
                    public final class FixtureJettyHealth { org.eclipse.jetty.server.Server server; }
                    """),
            offender("""
                    package io.bucketry.application.port.out;
                    public interface FixtureBsonStore { void store(org.bson.Document document); }
                    """),
            offender("""
                    package io.bucketry.adapter.mongo.timeseries;
                    import io.bucketry.adapter.mongo.bucket.FixtureMongoBucketStore;
                    public final class FixtureBorrowedConverter {
                        Object convert(FixtureMongoBucketStore bucketStore) { return bucketStore.toDocument(null); }
                    }
                    """),
            offender("""
                    package io.bucketry.adapter.inmemory;
                    public final class FixtureFallbackStore { io.bucketry.adapter.mongo.bucket.FixtureMongoBucketStore fallback; }
                    """),
            offender("""
                    package io.bucketry.adapter.redis;
                    public final class FixtureRedisStore implements io.bucketry.application.port.out.FixtureStore {
                        @Override public void store(java.util.List<io.bucketry.domain.FixtureReading> batch) {}
                    }
                    """),
            offender("""
                    package io.bucketry.adapter.inmemory;
                    public final class FixtureStartsTheApp { void start() { new io.bucketry.bootstrap.FixtureMain(); } }
                    """),
            offender("""
                    package io.bucketry.adapter.inmemory;
                    public final class FixtureInMemoryModule extends com.google.inject.AbstractModule {}
                    """),
            offender("""
                    package io.bucketry.adapter.mongo.bucket;
                    public final class FixtureAdminEndpoint { io.javalin.Javalin app; }
                    """),
            offender("""
                    package io.bucketry.adapter.inmemory;
                    public final class FixtureBsonExport { org.bson.Document export() { return null; } }
                    """),
            offender("""
                    package io.bucketry.bootstrap;
                    public final class FixtureMongoWiring { com.mongodb.client.MongoClient client; }
                    """)));

    private static JavaClasses all;

    private Fixtures() {
    }

    /** The clean application alone. */
    static JavaClasses clean() {
        return allClasses().that(isNotAnOffenderExcept(null));
    }

    /** The clean application plus the one offending class of that simple name. */
    static JavaClasses cleanWith(String offender) {
        if (!OFFENDERS.containsKey(offender)) {
            throw new IllegalArgumentException("no fixture offender " + offender + "; there are " + OFFENDERS.keySet());
        }
        return allClasses().that(isNotAnOffenderExcept(offender));
    }

    /** The clean application without the classes in {@code packageIdentifier}. */
    static JavaClasses cleanWithout(String packageIdentifier) {
        return clean().that(DescribedPredicate.not(JavaClass.Predicates.resideInAPackage(packageIdentifier)));
    }

    private static DescribedPredicate<JavaClass> isNotAnOffenderExcept(String offender) {
        return DescribedPredicate.describe("the clean fixture" + (offender == null ? "" : " and " + offender),
                javaClass -> !OFFENDERS.containsKey(javaClass.getSimpleName())
                        || javaClass.getSimpleName().equals(offender));
    }

    private static synchronized JavaClasses allClasses() {
        if (all == null) {
            List<String> sources = new ArrayList<>(LIBRARY_STUBS);
            sources.addAll(CLEAN);
            sources.addAll(OFFENDERS.values());
            all = FixtureCompiler.compileAndImportBucketryClasses(sources);
        }
        return all;
    }

    private static Map.Entry<String, String> offender(String source) {
        java.util.regex.Matcher name = java.util.regex.Pattern.compile("(?:class|interface)\\s+(\\w+)").matcher(source);
        if (!name.find()) {
            throw new IllegalArgumentException("no type in " + source);
        }
        return Map.entry(name.group(1), source);
    }
}
