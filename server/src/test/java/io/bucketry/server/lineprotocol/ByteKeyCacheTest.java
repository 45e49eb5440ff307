package io.bucketry.server.lineprotocol;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class ByteKeyCacheTest {

    @Test
    void eachKeyIsComputedOnceWhileTheTablesGrowAndFoundAgainByItsBytes() {
        // given: a cache with room for 2,048 entries and 2,000 keys asked in random order, each several times
        ByteKeyCache<String> cache = new ByteKeyCache<>(4096);
        Map<String, Integer> computed = new HashMap<>();
        Random random = new Random(34);

        // when
        for (int ask = 0; ask < 20_000; ask++) {
            String key = "sensor-" + random.nextInt(2_000);
            byte[] line = ("x" + key + " ").getBytes(StandardCharsets.UTF_8);   // the key inside a longer run
            String found = cache.get(line, 1, line.length - 1, () -> {
                computed.merge(key, 1, Integer::sum);
                return key.toUpperCase();
            });

            // then: the value computed for these bytes, never another key's
            assertThat(found).isEqualTo(key.toUpperCase());
        }
        assertThat(computed).hasSize(2_000).allSatisfy((key, times) -> assertThat(times).as(key).isEqualTo(1));
        assertThat(cache.slots()).isEqualTo(4096);
    }

    @Test
    void aNewCacheStartsSmallWhateverItsCapacity() {
        ByteKeyCache<String> cache = new ByteKeyCache<>(1 << 17);

        assertThat(cache.slots()).isEqualTo(64);
        for (int i = 0; i < 32; i++) {
            byte[] key = ("k" + i).getBytes(StandardCharsets.UTF_8);
            cache.get(key, 0, key.length, () -> "v");
        }
        assertThat(cache.slots()).as("doubled once half full").isEqualTo(128);
    }

    @Test
    void pastHalfItsCapacityNewKeysAreComputedAfreshAndTheKeptOnesStillFound() {
        // given: a cache holding at most 16 entries, filled
        ByteKeyCache<Integer> cache = new ByteKeyCache<>(32);
        int[] computes = new int[1];
        for (int i = 0; i < 16; i++) {
            ask(cache, i, computes);
        }

        // when: 16 more keys, each asked twice, then the first 16 again
        for (int i = 16; i < 32; i++) {
            ask(cache, i, computes);
            ask(cache, i, computes);
        }
        for (int i = 0; i < 16; i++) {
            assertThat(ask(cache, i, computes)).isEqualTo(i);
        }

        // then
        assertThat(computes[0]).isEqualTo(16 + 32);
        assertThat(cache.slots()).isEqualTo(32);
    }

    private static int ask(ByteKeyCache<Integer> cache, int i, int[] computes) {
        byte[] key = ("key-" + i).getBytes(StandardCharsets.UTF_8);
        return cache.get(key, 0, key.length, () -> {
            computes[0]++;
            return i;
        });
    }
}
