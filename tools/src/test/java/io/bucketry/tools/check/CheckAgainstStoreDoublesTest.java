package io.bucketry.tools.check;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.out.ReadingStore;
import io.bucketry.application.port.out.StoreUnavailableException;
import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.tools.check.CheckContext.OpenStore;
import io.bucketry.tools.check.CheckContext.StoreOpener;
import io.bucketry.tools.check.Outcome.Status;
import io.bucketry.domain.Reading;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/** The behaviour checks pass on the reference store and fail on a store with a defect, so they can fail. */
class CheckAgainstStoreDoublesTest {

    private static final Instant NOW = Instant.parse("2026-07-21T12:34:56.789Z");

    private static List<CheckReport.Result> run(UnaryOperator<ReadingStore> defect) {
        return run(defect, true);
    }

    /**
     * The checks over in-memory stores; with {@code shared}, the opens of one collection share its store (as
     * two clients share a database), else each open has a store of its own.
     */
    private static List<CheckReport.Result> run(UnaryOperator<ReadingStore> defect, boolean shared) {
        Map<String, InMemoryReadingStore> collections = new HashMap<>();
        StoreOpener opener = (config, clock) -> {
            InMemoryReadingStore plain = shared
                    ? collections.computeIfAbsent(config.mongo().collection(), name -> new InMemoryReadingStore(config.bucketPolicyValue()))
                    : new InMemoryReadingStore(config.bucketPolicyValue());
            ReadingStore store = defect.apply(plain);
            UseCases useCases = config.rollups().isEmpty() ? UseCases.over(store, config.applicationSettings(), clock)
                    : UseCases.over(store, config.applicationSettings(), clock, null, config.rollups(), plain.rollups());
            return new OpenStore() {
                @Override
                public UseCases useCases() {
                    return useCases;
                }

                @Override
                public void close() {
                    store.close();
                }
            };
        };
        BucketryConfig base = BucketryConfig.builder().backend(Backend.MONGO_BUCKET).build();
        CheckContext context = new CheckContext(base, true, opener, null, NOW);
        return CheckSuite.run(context, CheckSuite.behaviours(Backend.MONGO_BUCKET), result -> { });
    }

    /** The store, except that every range read answers its readings newest first. */
    private static ReadingStore readsBackwards(ReadingStore store) {
        return (ReadingStore) Proxy.newProxyInstance(ReadingStore.class.getClassLoader(), new Class<?>[] {ReadingStore.class},
                (proxy, method, args) -> {
                    try {
                        Object result = method.invoke(store, args);
                        if (method.getName().equals("read")) {
                            List<Reading> reversed = new ArrayList<>((List<Reading>) result);
                            Collections.reverse(reversed);
                            return reversed;
                        }
                        return result;
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void theReferenceStorePassesEveryBehaviourCheck() {
        List<CheckReport.Result> results = run(UnaryOperator.identity());

        assertThat(results).extracting(CheckReport.Result::name).contains("round trip", "overflow", "racing writers",
                "multiple writers with tiers", "window aggregates", "retention hiding");
        assertThat(results).allSatisfy(result -> assertThat(result.status()).as(result.line()).isEqualTo(Status.PASS));
    }

    @Test
    void aStoreThatReadsNewestFirstFailsTheOrderedChecksAndTheReportExitsNonZero() {
        List<CheckReport.Result> results = run(CheckAgainstStoreDoublesTest::readsBackwards);
        CheckReport report = CheckReport.of("double", "none", true, "-", null, "no server", "none", false, results);

        assertThat(results).filteredOn(result -> result.status() == Status.FAIL).extracting(CheckReport.Result::name)
                .contains("round trip", "late readings in place", "duplicates across batches", "overflow", "racing writers");
        assertThat(results).filteredOn(result -> result.name().equals("round trip")).first()
                .extracting(CheckReport.Result::detail).asString().contains("differ from those written");
        assertThat(report.exitCode()).isEqualTo(1);
        assertThat(report.summary()).isEqualTo(report.passed() + " passed, " + report.failed() + " failed, 0 skipped");
        assertThat(report.failed()).isGreaterThanOrEqualTo(5);
    }

    @Test
    void twoCopiesThatDoNotShareTheirStoreFailTheMultipleWritersCheck() {
        List<CheckReport.Result> results = run(UnaryOperator.identity(), false);

        assertThat(results).filteredOn(result -> result.name().equals("multiple writers with tiers")).singleElement()
                .satisfies(result -> assertThat(result.status()).isEqualTo(Status.FAIL))
                .extracting(CheckReport.Result::detail).asString().contains("accepted 1080 (expected 540)");
    }

    @Test
    void aCheckThatThrowsFailsWithTheMessageAloneAndNamesTheClassOnlyWhenThereIsNone() {
        CheckContext context = new CheckContext(BucketryConfig.builder().backend(Backend.MONGO_BUCKET).build(), true,
                CheckContext.bucketry(), null, NOW);
        List<Check> checks = List.of(
                Check.of("window aggregates", given -> {
                    throw new StoreUnavailableException("mongo-bucket: could not read readings: the server went away");
                }),
                Check.of("silent", given -> {
                    throw new NullPointerException();
                }));

        assertThat(CheckSuite.run(context, checks, result -> { })).extracting(CheckReport.Result::line).containsExactly(
                "FAIL window aggregates - mongo-bucket: could not read readings: the server went away",
                "FAIL silent - threw NullPointerException");
    }
}
