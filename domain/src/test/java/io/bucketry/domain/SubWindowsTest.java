package io.bucketry.domain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SubWindowsTest {

    private static final long HOUR = 3_600_000L;

    @Test
    void subWindowsAreOffByDefaultAndAWindowedPolicyWithoutThemSaysNothingOfThem() {
        // when
        BucketPolicy.Windowed policy = BucketPolicy.defaults();

        // then
        assertThat(policy.subWindows()).isEqualTo(SubWindows.off());
        assertThat(policy.subWindows().isOn()).isFalse();
        assertThat(policy.subWindows()).hasToString("off");
        assertThat(policy.subWindows().answers(Duration.ofMinutes(5))).isFalse();
        assertThat(policy).hasToString("windowed(1h, 1000)");
    }

    @Test
    void fiveMinuteSubWindowsSplitAnHourBucketIntoTwelveAlignedParts() {
        // given
        SubWindows five = SubWindows.every(Duration.ofMinutes(5));
        BucketPolicy.Windowed policy = BucketPolicy.defaults().withSubWindows(five);
        long bucket = 10 * HOUR;

        // then
        assertThat(policy.subWindows().isOn()).isTrue();
        assertThat(policy).hasToString("windowed(1h, 1000, sub-window 5m)");
        assertThat(five.widthMillis()).isEqualTo(300_000L);
        assertThat(five.perBucket(HOUR)).isEqualTo(12);
        assertThat(five.index(bucket, bucket)).isZero();
        assertThat(five.index(bucket, bucket + 299_999)).isZero();
        assertThat(five.index(bucket, bucket + 300_000)).isEqualTo(1);
        assertThat(five.index(bucket, bucket + HOUR - 1)).isEqualTo(11);
        assertThat(five.start(bucket, 0)).isEqualTo(bucket);
        assertThat(five.start(bucket, 11)).isEqualTo(bucket + 55 * 60_000L);
    }

    @Test
    void aBucketBeforeTheEpochStillNumbersItsSubWindowsFromItsStart() {
        // given
        SubWindows five = SubWindows.every(Duration.ofMinutes(5));
        long bucket = -HOUR;

        // then
        assertThat(five.index(bucket, -1)).isEqualTo(11);
        assertThat(five.index(bucket, -HOUR)).isZero();
        assertThat(five.start(bucket, 11)).isEqualTo(-300_000L);
    }

    @ParameterizedTest(name = "{0} ms windows answered by 5m summaries: {1}")
    @CsvSource({"300000, true", "600000, true", "3600000, true", "86400000, true", "60000, false", "450000, false",
            "300001, false"})
    void aggregatesOverWholeMultiplesOfTheSubWindowAreAnsweredFromTheSummaries(long windowMillis, boolean answered) {
        assertThat(SubWindows.every(Duration.ofMinutes(5)).answers(Duration.ofMillis(windowMillis))).isEqualTo(answered);
    }

    @Test
    void subSecondSubWindowsAnswerWindowsWithAMillisecondPart() {
        SubWindows half = SubWindows.every(Duration.ofMillis(500));
        assertThat(half.answers(Duration.ofMillis(1_500))).isTrue();
        assertThat(half.answers(Duration.ofMillis(1_250))).isFalse();
    }

    @Test
    void aWindowWithASubMillisecondPartOrNoLengthIsNotAnswered() {
        SubWindows five = SubWindows.every(Duration.ofMinutes(5));
        assertThat(five.answers(Duration.ofMinutes(5).plusNanos(1))).isFalse();
        assertThat(five.answers(Duration.ZERO)).isFalse();
        assertThat(five.answers(Duration.ofMinutes(-5))).isFalse();
    }

    @ParameterizedTest(name = "sub-window {0} in {1} buckets is refused")
    @CsvSource({"PT1H, PT1H", "PT2H, PT1H", "PT7M, PT1H", "PT25M, PT1H"})
    void aSubWindowThatIsNotAProperDivisorOfTheBucketWidthIsRefusedWithAnExample(Duration sub, Duration width) {
        assertThatThrownBy(() -> new BucketPolicy.Windowed(width, 1000, BucketPolicy.DEFAULT_MAX_BYTES, SubWindows.every(sub)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be smaller than the bucket width")
                .hasMessageContaining("divide it (e.g. 5m in 1h buckets)");
    }

    @Test
    void aSubWindowThatDividesTheBucketWidthIsAccepted() {
        BucketPolicy.Windowed policy = new BucketPolicy.Windowed(Duration.ofHours(1), 1000, BucketPolicy.DEFAULT_MAX_BYTES,
                SubWindows.every(Duration.ofMinutes(30)));
        assertThat(policy.subWindows().perBucket(policy.widthMillis())).isEqualTo(2);
    }

    @Test
    void aNegativeZeroOrSubMillisecondSubWindowIsRefusedInTheUsersWords() {
        assertThatThrownBy(() -> SubWindows.every(Duration.ZERO)).hasMessage("sub-window 0s must be positive");
        assertThatThrownBy(() -> SubWindows.every(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SubWindows.every(Duration.ofMinutes(-5))).hasMessageContaining("must be positive");
        assertThatThrownBy(() -> SubWindows.every(Duration.ofNanos(1_500_000)))
                .hasMessageContaining("whole number of milliseconds");
    }
}
