package io.bucketry.server.http;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one size-limited body stream of the JSON, Grafana and line-protocol bodies (sent and inflated). */
class LimitedInputTest {

    private static InputStream limited(int size, long max) {
        return new LimitedInput(new ByteArrayInputStream(new byte[size]), max, () -> new IllegalStateException("too large"));
    }

    @Test
    void aBodyOfExactlyTheLimitIsReadWholeByBytesAndByBlocks() throws IOException {
        // given
        InputStream bytes = limited(10, 10);
        InputStream blocks = limited(10, 10);

        // when
        int read = 0;
        while (bytes.read() >= 0) {
            read++;
        }

        // then
        assertThat(read).isEqualTo(10);
        assertThat(blocks.readAllBytes()).hasSize(10);
        assertThat(blocks.read(new byte[4], 0, 4)).as("the end counts nothing").isEqualTo(-1);
    }

    @Test
    void theByteOneOverTheLimitFailsWithTheGivenException() throws IOException {
        // given
        InputStream bytes = limited(11, 10);
        InputStream blocks = limited(11, 10);
        for (int i = 0; i < 10; i++) {
            bytes.read();
        }

        // when / then
        assertThatThrownBy(bytes::read).isInstanceOf(IllegalStateException.class).hasMessage("too large");
        assertThatThrownBy(() -> blocks.read(new byte[64], 0, 64)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void discardReadsWhatIsLeftAndSwallowsTheLimit() throws IOException {
        // given
        InputStream in = limited(100, 10);

        // when
        LimitedInput.discard(in);

        // then: stopped at the limit without throwing
        assertThat(in.available()).isLessThan(100);
    }
}
