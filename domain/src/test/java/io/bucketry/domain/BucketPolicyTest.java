package io.bucketry.domain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BucketPolicyTest {

    @Test
    void theDefaultIsOneHourWindowsOfAThousandReadingsWellBelowMongoDbsDocumentLimit() {
        // when
        BucketPolicy.Windowed policy = BucketPolicy.defaults();

        // then
        assertThat(policy.width()).isEqualTo(Duration.ofHours(1));
        assertThat(policy.widthMillis()).isEqualTo(3_600_000L);
        assertThat(policy.maxCount()).isEqualTo(1000);
        assertThat(policy.maxBytes()).isEqualTo(2 * 1024 * 1024).isLessThan(16 * 1024 * 1024);
        assertThat(policy).hasToString("windowed(1h, 1000)");
    }

    @Test
    void aPagedPolicyIsItsPageSizeOfReadingsPerBucket() {
        // when
        BucketPolicy policy = BucketPolicy.paged(50);

        // then
        assertThat(policy).isInstanceOf(BucketPolicy.Paged.class);
        assertThat(policy.maxCount()).isEqualTo(50);
        assertThat(((BucketPolicy.Paged) policy).pageSize()).isEqualTo(50);
        assertThat(policy).hasToString("paged(50)");
    }

    @Test
    void aBucketAdmitsReadingsUpToItsCountCeilingInclusive() {
        BucketPolicy policy = BucketPolicy.paged(3);

        assertThat(policy.admits(2, 0, 100)).as("the third reading").isTrue();
        assertThat(policy.admits(3, 0, 100)).as("a fourth reading").isFalse();
        assertThat(policy.admits(1, 0, 2, 200)).as("two more onto one").isTrue();
        assertThat(policy.admits(2, 0, 2, 200)).as("two more onto two").isFalse();
        assertThat(policy.isFull(2, 0)).isFalse();
        assertThat(policy.isFull(3, 0)).isTrue();
    }

    @Test
    void aBucketAdmitsReadingsUpToItsByteCeilingInclusive() {
        BucketPolicy policy = BucketPolicy.paged(1000);
        int ceiling = policy.maxBytes();

        assertThat(policy.admits(5, ceiling - 100, 100)).as("exactly up to the ceiling").isTrue();
        assertThat(policy.admits(5, ceiling - 100, 101)).as("one byte past it").isFalse();
        assertThat(policy.admits(0, 0, 1, ceiling + 1L)).as("even an empty bucket").isFalse();
        assertThat(policy.isFull(5, ceiling - 1)).isFalse();
        assertThat(policy.isFull(5, ceiling)).as("closed: bytes at the ceiling").isTrue();
    }

    @Test
    void theRuleAsBoundsIsTheLargestStateThatStillAdmits() {
        BucketPolicy policy = BucketPolicy.windowed(Duration.ofHours(1), 10);

        assertThat(policy.countAdmitting(3)).isEqualTo(7);
        assertThat(policy.admits(policy.countAdmitting(3), 0, 3, 0)).isTrue();
        assertThat(policy.admits(policy.countAdmitting(3) + 1, 0, 3, 0)).isFalse();
        assertThat(policy.bytesAdmitting(500)).isEqualTo(policy.maxBytes() - 500L);
        assertThat(policy.admits(0, policy.bytesAdmitting(500), 1, 500)).isTrue();
        assertThat(policy.admits(0, policy.bytesAdmitting(500) + 1, 1, 500)).isFalse();
    }

    @ParameterizedTest(name = "{0} ms lies in the hour window starting at {1}")
    @CsvSource({
            "0, 0",
            "1, 0",
            "3599999, 0",
            "3600000, 3600000",
            "3600001, 3600000",
            "-1, -3600000",
            "-3599999, -3600000",
            "-3600000, -3600000",
            "-3600001, -7200000",
            "1753138810123, 1753138800000",
    })
    void aWindowStartsAtTheMultipleOfTheWidthAtOrBeforeTheTimeEvenBeforeTheEpoch(long time, long expectedStart) {
        assertThat(BucketPolicy.defaults().windowStart(time)).isEqualTo(expectedStart);
    }

    @Test
    void windowsThatDoNotDivideAnHourAreStillAlignedToTheEpoch() {
        // given: 7 minutes
        BucketPolicy.Windowed policy = BucketPolicy.windowed(Duration.ofMinutes(7), 10);

        // when / then
        assertThat(policy.windowStart(3_600_000)).isEqualTo(8 * 420_000L);
        assertThat(policy.windowStart(-1)).isEqualTo(-420_000L);
        assertThat(BucketPolicy.windowed(Duration.ofMillis(1), 10).windowStart(-5)).isEqualTo(-5);
    }

    @Test
    void aWidthThatIsNotPositiveIsRefused() {
        assertThatThrownBy(() -> BucketPolicy.windowed(Duration.ZERO, 10)).hasMessage("bucket width 0s must be positive");
        assertThatThrownBy(() -> BucketPolicy.windowed(Duration.ofMinutes(-1), 10)).hasMessage("bucket width -1m must be positive");
        assertThatThrownBy(() -> BucketPolicy.windowed(null, 10)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aWidthThatIsNotAWholeNumberOfMillisecondsIsRefused() {
        assertThatThrownBy(() -> BucketPolicy.windowed(Duration.ofNanos(1_500_000), 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be a whole number of milliseconds");
    }

    @Test
    void aWidthTooLongToCountInMillisecondsIsRefusedWhenThePolicyIsMade() {
        // given: about 292 million years, one second more than a long holds in milliseconds
        Duration tooLong = Duration.ofSeconds(Long.MAX_VALUE / 1000 + 1);

        // when / then: refused up front, not with an ArithmeticException at the first reading
        assertThatThrownBy(() -> BucketPolicy.windowed(tooLong, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("too large");
    }

    @Test
    void maxCountMustBeBetweenOneAndTheLimit() {
        assertThat(BucketPolicy.paged(1).maxCount()).isEqualTo(1);
        assertThat(BucketPolicy.paged(BucketPolicy.MAX_COUNT_LIMIT).maxCount()).isEqualTo(100_000);
        assertThatThrownBy(() -> BucketPolicy.paged(0)).hasMessage("bucket max count 0 must be between 1 and 100000");
        assertThatThrownBy(() -> BucketPolicy.windowed(Duration.ofHours(1), -1)).hasMessageContaining("max count -1");
        assertThatThrownBy(() -> BucketPolicy.paged(100_001)).hasMessageContaining("max count 100001");
    }

    @Test
    void maxBytesMustLieBetweenOneLargestReadingAndTheLimit() {
        assertThat(new BucketPolicy.Paged(10, BucketPolicy.MIN_BYTES).maxBytes()).isEqualTo(65_536);
        assertThat(new BucketPolicy.Windowed(Duration.ofHours(1), 10, BucketPolicy.MAX_BYTES_LIMIT).maxBytes())
                .isEqualTo(8 * 1024 * 1024);
        assertThatThrownBy(() -> new BucketPolicy.Paged(10, BucketPolicy.MIN_BYTES - 1))
                .hasMessage("bucket max bytes 65535 must be between 65536 and 8388608");
        assertThatThrownBy(() -> new BucketPolicy.Windowed(Duration.ofHours(1), 10, BucketPolicy.MAX_BYTES_LIMIT + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
