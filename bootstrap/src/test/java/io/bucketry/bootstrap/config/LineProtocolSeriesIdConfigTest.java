package io.bucketry.bootstrap.config;

import io.bucketry.bootstrap.BucketryConfig;
import io.bucketry.bootstrap.lineprotocol.SeriesIdRule;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LineProtocolSeriesIdConfigTest {

    @Test
    void lineProtocolIdsJoinTagValuesUnlessToldToKeepTheKeys() {
        assertThat(ConfigLoader.load(Map.of(), null, Map.of()).lineProtocolSeriesId()).isEqualTo(SeriesIdRule.VALUES);
        assertThat(ConfigLoader.load(Map.of(), null, Map.of("BUCKETRY_LINE_PROTOCOL_SERIES_ID", "pairs"))
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
        assertThat(BucketryConfig.builder().lineProtocolSeriesId(SeriesIdRule.PAIRS).build().toString())
                .contains("lineProtocolSeriesId=pairs");
    }
}
