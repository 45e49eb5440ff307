package io.bucketry.application.settings;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PartsTest {

    @Test
    void aBatchIsSplitInEveryPartOnceItHoldsTwoPartsMinimumAndOtherwiseNot() {
        int min = Parts.MIN_READINGS_PER_PART;

        assertThat(Parts.forBatch(0, 4)).isEqualTo(1);
        assertThat(Parts.forBatch(2 * min - 1, 4)).isEqualTo(1);
        assertThat(Parts.forBatch(2 * min, 4)).as("all parts, not two").isEqualTo(4);
        assertThat(Parts.forBatch(100 * min, 4)).isEqualTo(4);
        assertThat(Parts.forBatch(100 * min, 1)).isEqualTo(1);
    }

    @Test
    void theSumAddsEveryPartsResultAndRunsPartZeroOnTheCaller() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<String> threads = new CopyOnWriteArrayList<>();
            long sum = Parts.sum(pool, 4, part -> {
                if (part == 0) {
                    threads.add(Thread.currentThread().getName());
                }
                return 10L + part;
            });

            assertThat(sum).isEqualTo(10 + 11 + 12 + 13);
            assertThat(threads).containsExactly(Thread.currentThread().getName());
        } finally {
            shut(pool);
        }
    }

    @Test
    void onePartRunsOnTheCallerWithoutTouchingTheExecutor() {
        long sum = Parts.sum(task -> {
            throw new AssertionError("the executor was used");
        }, 1, part -> 7);

        assertThat(sum).isEqualTo(7);
    }

    @Test
    void aPartTheExecutorRefusesRunsOnTheCaller() {
        String caller = Thread.currentThread().getName();
        List<String> threads = new CopyOnWriteArrayList<>();

        long sum = Parts.sum(task -> {
            throw new RejectedExecutionException("shutting down");
        }, 3, part -> {
            threads.add(Thread.currentThread().getName());
            return 1;
        });

        assertThat(sum).isEqualTo(3);
        assertThat(threads).containsOnly(caller).hasSize(3);
    }

    @Test
    void aFailingPartIsReportedOnlyOnceTheOthersHaveFinished() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            CountDownLatch partOneStarted = new CountDownLatch(1);
            AtomicBoolean partOneFinished = new AtomicBoolean();

            assertThatThrownBy(() -> Parts.sum(pool, 2, part -> {
                if (part == 0) {
                    await(partOneStarted);
                    throw new IllegalStateException("part 0 failed");
                }
                partOneStarted.countDown();
                sleep(200);
                partOneFinished.set(true);
                return 1;
            })).isInstanceOf(IllegalStateException.class).hasMessage("part 0 failed");

            assertThat(partOneFinished).as("part 1 had finished when the failure was thrown").isTrue();
        } finally {
            shut(pool);
        }
    }

    @Test
    void theFirstPartsFailureWinsAndIsRethrownAsItself() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            assertThatThrownBy(() -> Parts.sum(pool, 3, part -> {
                if (part == 0) {
                    return 1;
                }
                throw new IllegalArgumentException("part " + part);
            })).isInstanceOf(IllegalArgumentException.class).hasMessage("part 1");
            assertThatThrownBy(() -> Parts.sum(pool, 2, part -> {
                throw new OutOfMemoryError("part " + part);
            })).isInstanceOf(OutOfMemoryError.class).hasMessage("part 0");
        } finally {
            shut(pool);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void shut(ExecutorService pool) throws InterruptedException {
        pool.shutdown();
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }
}
