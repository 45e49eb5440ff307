package io.bucketry.app.config;

import io.bucketry.bootstrap.config.BucketryConfig;
import io.bucketry.server.ServerConfig;
import io.bucketry.server.lineprotocol.SeriesIdRule;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LineProtocolSeriesIdConfigTest {

    @Test
    void lineProtocolIdsJoinTagValuesUnlessToldToKeepTheKeys() {
        assertThat(ConfigLoader.load(Map.of(), null, Map.of()).server().lineProtocolSeriesId()).isEqualTo(SeriesIdRule.VALUES);
        assertThat(ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_LINE_PROTOCOL_SERIES_ID", "pairs"))
                .server()
                .lineProtocolSeriesId()).isEqualTo(SeriesIdRule.PAIRS);
    }

    @Test
    void anUnknownRuleIsRefusedNamingTheKeyAndTheChoices() {
        assertThatThrownBy(() -> ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_LINE_PROTOCOL_SERIES_ID", "tags")))
                .hasMessageContaining("lineProtocolSeriesId 'tags'")
                .hasMessageContaining(SeriesIdRule.ALLOWED);
    }

    @Test
    void theConfigurationSaysTheRule() {
        assertThat(new AppConfig(BucketryConfig.defaults(), ServerConfig.builder().lineProtocolSeriesId(SeriesIdRule.PAIRS).build()).toString())
                .contains("lineProtocolSeriesId=pairs");
    }
}
