package io.bucketry.app.cli;

/**
 * Points logback at the command line's own configuration (logs on stderr, chatty libraries quiet)
 * unless the user names one with {@code -Dlogback.configurationFile}. The file is not called
 * {@code logback.xml}, so an application that embeds bucketry-bootstrap keeps its own logging.
 */
final class CliLogging {

    /** Logback's system property for its configuration: a URL, a file, or a class-path resource. */
    static final String PROPERTY = "logback.configurationFile";
    static final String RESOURCE = "io/bucketry/app/cli/logback-cli.xml";

    private CliLogging() {
    }

    /** Must run before the first logger is created: logback reads its configuration once. */
    static void useTheCommandLineConfiguration() {
        if (System.getProperty(PROPERTY, "").isBlank()) {
            System.setProperty(PROPERTY, RESOURCE);
        }
    }
}
