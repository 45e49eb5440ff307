package io.bucketry.tools.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The CPU time a process has used, user plus system, as Linux keeps it in {@code /proc/<pid>/stat}
 * (fields 14 and 15, in clock ticks of 1/100 s: USER_HZ, which the kernel's interface fixes at 100).
 */
final class ProcessCpu {

    private static final long TICKS_PER_SECOND = 100;

    private ProcessCpu() {
    }

    /** The CPU time of the live process {@code pid} now. */
    static Duration of(long pid) {
        try {
            return parse(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the CPU time of process " + pid + " from /proc", e);
        }
    }

    /**
     * The CPU time of those threads of the live process {@code pid} whose name ({@code comm}, at most 15
     * characters) {@code wanted} accepts; a thread that has ended is not counted.
     */
    static Duration ofThreads(long pid, Predicate<String> wanted) {
        long millis = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks.toList()) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException e) {
                    continue;   // the thread ended since the listing
                }
                if (wanted.test(stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) {
                    millis += parse(stat).toMillis();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the threads of process " + pid + " in /proc", e);
        }
        return Duration.ofMillis(millis);
    }

    /** HotSpot's JIT compiler threads ("C1 CompilerThread0", "C2 CompilerThread1", shortened by the kernel). */
    static boolean jitCompiler(String threadName) {
        return threadName.startsWith("C1 CompilerThre") || threadName.startsWith("C2 CompilerThre");
    }

    /** utime + stime of a {@code /proc/<pid>/stat} line; the command name (field 2) may hold spaces and parentheses. */
    static Duration parse(String stat) {
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        // after[0] is field 3 (state): utime is field 14, stime field 15
        long ticks = Long.parseLong(after[11]) + Long.parseLong(after[12]);
        return Duration.ofMillis(ticks * 1000 / TICKS_PER_SECOND);
    }
}
