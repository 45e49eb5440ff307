package io.bucketry.app.cli;

import io.bucketry.tools.bench.BenchInfluxQlCommand;
import io.bucketry.tools.bench.BenchPeerCommand;
import io.bucketry.tools.codec.BenchCodecCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** The {@code bucketry} command line: serve, simulate, check, export, import, migrate, token, bench-peer, bench-influxql, bench-codec. The jar's main class. */
@Command(name = "bucketry", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Time-series storage with the Bucket Pattern.",
        subcommands = {SimulateCommand.class, ServeCommand.class, CheckCommand.class, ExportCommand.class, ImportCommand.class,
                MigrateCommand.class, TokenCommand.class, BenchPeerCommand.class, BenchInfluxQlCommand.class,
                BenchCodecCommand.class,
                CommandLine.HelpCommand.class})
public final class BucketryCommand implements Runnable {

    @Spec
    CommandSpec spec;

    final Map<String, String> environment;
    final PrintStream out;
    final PrintStream err;

    BucketryCommand(Map<String, String> environment, PrintStream out, PrintStream err) {
        this.environment = environment;
        this.out = out;
        this.err = err;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: one of serve, simulate, check, export, import, migrate, token, bench-peer, bench-codec");
    }

    public static void main(String[] args) {
        CliLogging.useTheCommandLineConfiguration();
        System.exit(execute(args, System.getenv(), System.out, System.err));
    }

    /** Runs the command line; answers the exit code (0 success, 1 failure, 2 bad usage). */
    public static int execute(String[] args, Map<String, String> environment, PrintStream out, PrintStream err) {
        CommandLine commandLine = new CommandLine(new BucketryCommand(environment, out, err))
                .setOut(new PrintWriter(out, true, StandardCharsets.UTF_8))
                .setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        CliErrors errors = new CliErrors(err, "true".equals(environment.get("BUCKETRY_DEBUG")));
        commandLine.setParameterExceptionHandler(errors::badUsage);
        commandLine.setExecutionExceptionHandler(errors::failed);
        return commandLine.execute(args);
    }
}
