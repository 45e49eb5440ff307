package io.bucketry.app.cli;

import io.bucketry.bootstrap.config.ConfigurationException;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

import java.io.PrintStream;

/**
 * Turns every failure of a command into one line on stderr and a non-zero exit code: 2 for bad
 * usage (a flag picocli refuses, or any {@link ConfigurationException}: a value of a flag, an
 * environment variable or the file), 1 for anything that fails while running. A stack trace is
 * shown only when {@code BUCKETRY_DEBUG=true}.
 */
final class CliErrors {

    static final int FAILED = 1;
    static final int BAD_USAGE = 2;

    private final PrintStream err;
    private final boolean debug;

    CliErrors(PrintStream err, boolean debug) {
        this.err = err;
        this.debug = debug;
    }

    int badUsage(ParameterException e, String[] args) {
        return usage(e.getCommandLine(), e.getMessage());
    }

    private int usage(CommandLine commandLine, String message) {
        String command = commandLine.getCommandSpec().qualifiedName();
        err.println(command + ": " + oneLine(message) + " (see '" + command + " --help')");
        return BAD_USAGE;
    }

    int failed(Exception e, CommandLine commandLine, ParseResult parseResult) {
        if (e instanceof ConfigurationException) {
            // a value given on the command line, in the environment or in the file: bad usage, like a flag picocli refuses
            return usage(commandLine, e.getMessage());
        }
        String message = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
        boolean expected = e instanceof IllegalArgumentException || e instanceof IllegalStateException
                || e.getClass().getName().startsWith("io.bucketry.") || e.getClass().getName().startsWith("io.javalin.");
        err.println(commandLine.getCommandSpec().qualifiedName() + ": " + (expected ? "" : "unexpected error: ")
                + oneLine(message) + (debug || expected ? "" : " (set BUCKETRY_DEBUG=true for details)"));
        if (debug) {
            e.printStackTrace(err);
        }
        return FAILED;
    }

    private static String oneLine(String message) {
        return message.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
