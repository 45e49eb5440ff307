package io.bucketry.app.cli;

import io.bucketry.bootstrap.config.Backend;
import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.tools.check.CheckReport;
import io.bucketry.tools.check.CheckRun;
import io.bucketry.server.json.Json;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code bucketry check}: the conformance checks a user runs against their own MongoDB server. */
@Command(name = "check", mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Check that a MongoDB server does what Bucketry relies on.",
                "The behaviours run in a scratch database it creates and drops (its name is printed), and it measures stored bytes per reading. One line per check " +
                "(PASS, FAIL or SKIP with the reason), then 'N passed, N failed, N skipped'. Exit code 1 when a " +
                "check failed, 2 for bad usage. Run it before production and send us its output."})
public final class CheckCommand implements Callable<Integer> {

    @ParentCommand
    BucketryCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    ConfigOptions options;

    @Option(names = "--keep", description = "Keep the scratch database (and what the checks stored) instead of dropping it.")
    boolean keep;

    @Option(names = "--json", description = "Print exactly one JSON object on stdout instead of the lines.")
    boolean json;

    @Option(names = "--verbose", description = "Show every log line of the stores the checks open on stderr (by "
            + "default only each first warning: the report is on stdout).")
    boolean verbose;

    @Override
    public Integer call() throws Exception {
        BucketryConfig config = options.load(parent.environment, Map.of());
        if (config.backend() != Backend.MONGO_BUCKET && config.backend() != Backend.MONGO_TIMESERIES) {
            throw new CommandLine.ParameterException(spec.commandLine(), "check needs --backend mongo-bucket or "
                    + "mongo-timeseries (the configured backend is " + config.backend() + ")");
        }
        CheckReport report;
        try (QuietLogs quiet = verbose ? null : QuietLogs.start(parent.err, "bucketry check")) {
            report = CheckRun.run(config, keep, json ? null : parent.out, null, Clock.systemUTC());
        }
        if (json) {
            parent.out.println(Json.mapper().writeValueAsString(report));
        }
        parent.out.flush();
        return report.exitCode();
    }
}
