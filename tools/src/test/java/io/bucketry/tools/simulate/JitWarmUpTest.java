package io.bucketry.tools.simulate;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class JitWarmUpTest {

    /** A clock that each query moves by {@code step}, and a compile counter the test drives by query count. */
    private static final class Fake {
        final AtomicLong nanos = new AtomicLong();
        final AtomicLong compiled = new AtomicLong();
        final List<Integer> seen = new ArrayList<>();
        final long step;

        Fake(long step) {
            this.step = step;
        }

        JitWarmUp warmUp() {
            return new JitWarmUp(compiled::get, nanos::get);
        }

        void query(int i, long compileMillisAfter) {
            seen.add(i);
            nanos.addAndGet(step);
            compiled.addAndGet(compileMillisAfter);
        }
    }

    @Test
    void aWarmUpGoesOnPastTheMinimumUntilTwoSlicesPassWithoutCompiling() {
        long slice = JitWarmUp.SLICE.toNanos();
        Fake fake = new Fake(slice / 10);
        // the JIT compiles 5 ms per query during the first 30 queries, then nothing
        JitWarmUp.Outcome outcome = fake.warmUp().run(5, i -> fake.query(i, i < 30 ? 5 : 0));

        assertThat(outcome.quiet()).isTrue();
        // slices of 10 queries from query 5: [5,15) [15,25) [25,35) compile, [35,45) [45,55) are quiet
        assertThat(outcome.runs()).isEqualTo(55);
        assertThat(fake.seen).startsWith(0, 1, 2, 3, 4, 5).hasSize(55).endsWith(54);
    }

    @Test
    void aSliceWithACompileStartsTheQuietCountAgain() {
        Fake fake = new Fake(JitWarmUp.SLICE.toNanos() / 10);
        // a minimum of one slice's worth, then quiet [10,20), a compile in [20,30), quiet [30,40) and [40,50)
        JitWarmUp.Outcome outcome = fake.warmUp().run(10, i -> fake.query(i, i == 22 ? 3 : 0));

        assertThat(outcome.runs()).isEqualTo(50);
        assertThat(outcome.quiet()).isTrue();
    }

    @Test
    void aMillisecondOfCompilingInASliceStillCountsAsQuiet() {
        Fake fake = new Fake(JitWarmUp.SLICE.toNanos() / 10);
        JitWarmUp.Outcome outcome = fake.warmUp().run(0, i -> fake.query(i, i % 10 == 0 ? JitWarmUp.QUIET_MILLIS : 0));

        assertThat(outcome.runs()).isEqualTo(20);
    }

    @Test
    void aJitThatNeverStopsCompilingEndsTheWarmUpAtTheCapWithoutClaimingQuiet() {
        Fake fake = new Fake(JitWarmUp.SLICE.toNanos() / 4);
        JitWarmUp.Outcome outcome = fake.warmUp().run(3, i -> fake.query(i, 2));

        assertThat(outcome.quiet()).isFalse();
        long cap = JitWarmUp.capNanos(3 * fake.step);
        assertThat(cap).isEqualTo(JitWarmUp.CAP_FACTOR * 3 * fake.step);
        long capQueries = cap / fake.step;
        assertThat(outcome.runs()).isBetween(3 + (int) capQueries, 3 + (int) capQueries + 4);
        assertThat(outcome.seconds()).isBetween(cap / 1e9 + 3 * fake.step / 1e9, cap / 1e9 + 8 * fake.step / 1e9);
    }

    @Test
    void aWarmUpGoesOnFromAMinimumRunElsewhereWithTheCapOfThatMinimumsTime() {
        Fake fake = new Fake(JitWarmUp.SLICE.toNanos() / 4);
        // given a minimum of 8 queries' time, run by the caller (e.g. a whole scratch stream)
        long started = fake.nanos.get();
        fake.nanos.addAndGet(8 * fake.step);

        // when the JIT keeps compiling, then the warm-up goes on from query 8 up to ten times that minimum
        JitWarmUp.Outcome outcome = fake.warmUp().untilQuiet(started, 8, i -> fake.query(i, 2));

        assertThat(fake.seen).first().isEqualTo(8);
        assertThat(outcome.quiet()).isFalse();
        assertThat(outcome.runs()).isBetween(8 + 80, 8 + 80 + 4);
        assertThat(outcome.seconds()).isGreaterThanOrEqualTo(88 * fake.step / 1e9);
    }

    @Test
    void theCapIsTenTimesTheMinimumWithinTwoSlicesAndTenSeconds() {
        long slice = JitWarmUp.SLICE.toNanos();
        assertThat(JitWarmUp.capNanos(0)).isEqualTo(2 * slice);
        assertThat(JitWarmUp.capNanos(slice / 10)).isEqualTo(2 * slice);
        assertThat(JitWarmUp.capNanos(slice)).isEqualTo(10 * slice);
        assertThat(JitWarmUp.capNanos(JitWarmUp.CAP.toNanos())).isEqualTo(JitWarmUp.CAP.toNanos());
    }

    @Test
    void whereTheJvmCannotTellCompilationTimeTheMinimumIsTheWholeWarmUp() {
        Fake fake = new Fake(1_000);
        JitWarmUp.Outcome outcome = new JitWarmUp(() -> -1, fake.nanos::get).run(7, i -> fake.query(i, 0));

        assertThat(outcome.runs()).isEqualTo(7);
        assertThat(outcome.quiet()).isFalse();
    }

    @Test
    void aSliceRunsAtLeastOneQueryEvenWhenOneQueryOutlastsIt() {
        Fake fake = new Fake(JitWarmUp.SLICE.toNanos() * 3);
        JitWarmUp.Outcome outcome = fake.warmUp().run(1, i -> fake.query(i, 0));

        assertThat(outcome.runs()).isEqualTo(1 + JitWarmUp.QUIET_SLICES);
        assertThat(outcome.seconds()).isEqualTo(3 * JitWarmUp.SLICE.toNanos() * 3 / 1e9);
    }
}
