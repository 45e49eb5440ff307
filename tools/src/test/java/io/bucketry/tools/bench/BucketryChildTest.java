package io.bucketry.tools.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The command line of a Bucketry target's JVM. */
class BucketryChildTest {

    private static final Path DIR = Path.of("/tmp/bucketry-child");

    @Test
    void theChildLogsWithTheConfigurationOfThisCommand() {
        List<String> command = BucketryChild.command(PeerTarget.INMEMORY, Path.of("/tmp/other.jar"), DIR,
                "io/bucketry/app/cli/logback-cli.xml");

        // then: the configuration is a JVM option, before the class that runs the server
        int option = command.indexOf("-Dlogback.configurationFile=io/bucketry/app/cli/logback-cli.xml");
        assertThat(option).isPositive().isLessThan(command.indexOf(BucketryProcess.class.getName()));
        assertThat(command.subList(command.indexOf("-cp"), command.size())).containsExactly("-cp", "/tmp/other.jar",
                BucketryProcess.class.getName(), "inmemory", DIR.toString());
    }

    @Test
    void withoutAConfigurationTheChildIsGivenNone() {
        List<String> command = BucketryChild.command(PeerTarget.INMEMORY, null, DIR, null);

        assertThat(command).noneMatch(argument -> argument.startsWith("-Dlogback"))
                .contains(System.getProperty("java.class.path"), "-XX:-UseDynamicNumberOfCompilerThreads");
        assertThat(BucketryChild.command(PeerTarget.INMEMORY, null, DIR, " ")).noneMatch(argument -> argument.startsWith("-Dlogback"));
    }
}
