package io.bucketry.tools.check;

import io.bucketry.bootstrap.config.Backend;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** The checks of {@code bucketry check} and how they run: one after another, each failure its own line. */
public final class CheckSuite {

    private CheckSuite() {
    }

    /** Every check that applies to {@code backend}, behaviours first. */
    public static List<Check> forBackend(Backend backend) {
        List<Check> checks = new ArrayList<>(BehaviourChecks.all());
        checks.addAll(ServerChecks.all());
        checks.add(TagsCheck.check());
        checks.add(StorageCheck.check());
        return checks.stream().filter(check -> check.appliesTo(backend)).toList();
    }

    /** The behaviour checks only: those that need no server diagnostics (they also run against a store double). */
    public static List<Check> behaviours(Backend backend) {
        return BehaviourChecks.all().stream().filter(check -> check.appliesTo(backend)).toList();
    }

    /** Runs {@code checks} in order; {@code each} hears every result as it comes. An exception is a FAIL. */
    public static List<CheckReport.Result> run(CheckContext context, List<Check> checks, Consumer<CheckReport.Result> each) {
        List<CheckReport.Result> results = new ArrayList<>();
        for (Check check : checks) {
            Outcome outcome;
            try {
                outcome = check.body().run(context);
            } catch (Exception | AssertionError e) {
                // The message is the user's line; a class name only stands in for a missing message.
                outcome = Outcome.fail(e.getMessage() == null || e.getMessage().isBlank()
                        ? "threw " + e.getClass().getSimpleName() : e.getMessage());
            }
            CheckReport.Result result = new CheckReport.Result(check.name(), outcome.status(), outcome.detail());
            results.add(result);
            each.accept(result);
        }
        return results;
    }
}
