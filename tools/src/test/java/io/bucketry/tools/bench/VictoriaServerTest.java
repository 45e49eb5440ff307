package io.bucketry.tools.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The version is read from VictoriaMetrics' own metric when its build sets it. */
class VictoriaServerTest {

    @Test
    void theShortVersionLabelIsTheVersion() throws Exception {
        String metrics = "vm_app_version{version=\"victoria-metrics-20220801-tags-v1.79.5-0\", short_version=\"v1.79.5\"} 1\n";

        assertThat(VictoriaServer.versionIn(metrics)).isEqualTo("v1.79.5");
    }
}
