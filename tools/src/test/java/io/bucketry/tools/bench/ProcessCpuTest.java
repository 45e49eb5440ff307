package io.bucketry.tools.bench;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** CPU time is utime + stime of /proc/<pid>/stat, whatever the command name holds. */
class ProcessCpuTest {

    @Test
    void utimeAndStimeAreReadAfterACommandNameWithSpacesAndParentheses() {
        // fields: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
        String stat = "4242 (java (my) app) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 567 0 0 20 0 30 0 99 1 1";

        assertThat(ProcessCpu.parse(stat)).isEqualTo(Duration.ofMillis((1234 + 567) * 10));
    }

    @Test
    void thisProcessHasUsedSomeCpuAndItGrowsWithWork() {
        long pid = ProcessHandle.current().pid();
        Duration before = ProcessCpu.of(pid);
        long sink = 0;
        for (long end = System.nanoTime() + 300_000_000L; System.nanoTime() < end; ) {
            sink += Long.numberOfTrailingZeros(sink + System.nanoTime());
        }

        assertThat(ProcessCpu.of(pid)).as("after %d", sink).isGreaterThan(before);
    }

    @Test
    void theCpuOfNamedThreadsIsTheirsAlone() throws Exception {
        // given: a thread of this process, named, that burns CPU until told to stop
        long pid = ProcessHandle.current().pid();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread burner = new Thread(() -> {
            long sink = 0;
            while (!stop.get()) {
                sink += Long.numberOfTrailingZeros(sink + System.nanoTime());
            }
        }, "cpu-burner-of-this-test");
        burner.start();
        Thread.sleep(400);

        // when
        Duration burnt = ProcessCpu.ofThreads(pid, "cpu-burner-of-t"::equals);   // the kernel keeps 15 characters
        Duration none = ProcessCpu.ofThreads(pid, name -> false);
        stop.set(true);
        burner.join();

        // then
        assertThat(burnt).isPositive().isLessThanOrEqualTo(ProcessCpu.of(pid));
        assertThat(none).isZero();
    }

    @Test
    void hotSpotsCompilerThreadsAreTheJit() {
        assertThat(ProcessCpu.jitCompiler("C2 CompilerThre")).isTrue();
        assertThat(ProcessCpu.jitCompiler("C1 CompilerThre")).isTrue();
        assertThat(ProcessCpu.jitCompiler("GC Thread#0")).isFalse();
    }
}
