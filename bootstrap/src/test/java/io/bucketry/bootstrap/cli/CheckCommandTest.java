package io.bucketry.bootstrap.cli;

import io.bucketry.bootstrap.cli.Cli.Run;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CheckCommandTest {

    @Test
    void probe() {
        Run run = Cli.run("check", "--backend", "mongo-timeseries", "--embedded-mongo");
        System.out.println(run.out());
        System.out.println(run.err());
        assertThat(run.out()).isNotEmpty();
    }
}
