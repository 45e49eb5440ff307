package io.bucketry.tools.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The command line of a Bucketry target's JVM. */
class BucketryChildTest {

    private static final Path DIR = Path.of("/tmp/bucketry-child");

    @Test
    void theChildLogsAsServeDoesWithTheGivenOptionsBeforeTheClassPath() {
        List<String> command = BucketryChild.command(PeerTarget.INMEMORY, Path.of("/tmp/other.jar"), DIR,
                List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));

        // then: serve's logging and the options are JVM options, before the class that runs the server
        int logging = command.indexOf("-Dlogback.configurationFile=" + BucketryProcess.SERVE_LOGGING);
        int classPath = command.indexOf("-cp");
        assertThat(logging).isPositive().isLessThan(classPath);
        assertThat(command.subList(logging + 1, classPath)).containsExactly("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
        assertThat(command.subList(classPath, command.size())).containsExactly("-cp", "/tmp/other.jar",
                BucketryProcess.class.getName(), "inmemory", DIR.toString());
    }

    @Test
    void withoutAJarTheChildRunsThisClassPath() {
        List<String> command = BucketryChild.command(PeerTarget.INMEMORY, null, DIR, List.of());

        assertThat(command).contains(System.getProperty("java.class.path"), "-XX:-UseDynamicNumberOfCompilerThreads",
                "-Dlogback.configurationFile=" + BucketryProcess.SERVE_LOGGING);
    }
}
