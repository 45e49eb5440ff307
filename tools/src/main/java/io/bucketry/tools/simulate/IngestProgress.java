package io.bucketry.tools.simulate;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The ingest phase's progress on stderr: a redrawn bar on a terminal, otherwise (a log, a pipe) one
 * plain line every few seconds and one at the end. Its rate is the report's: readings submitted per
 * second spent inside the ingest use case calls.
 */
public final class IngestProgress implements AutoCloseable {

    /** How often a plain progress line is printed. */
    static final long LINE_EVERY_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final String task;
    private final long expected;
    private final PrintStream out;
    private final ProgressBar bar;
    private final long lineEveryNanos;
    private long lastLine = System.nanoTime();
    private long readings;
    private long nanos;
    private boolean finished;

    /** @param bar draw a bar (for a terminal) rather than plain lines */
    IngestProgress(String task, long expected, PrintStream out, boolean bar, long lineEveryNanos) {
        this.task = task;
        this.expected = expected;
        this.out = out;
        this.lineEveryNanos = lineEveryNanos;
        this.bar = bar ? new ProgressBarBuilder().setTaskName(task).setInitialMax(expected).setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(500).setConsumer(new ConsoleProgressBarConsumer(out, 100)).build() : null;
    }

    /**
     * True when {@code out} is the process's stderr and that is a terminal, where a redrawn bar can be
     * read. On Linux, where fd 2 points to is asked, so that {@code 2>run.log} from a terminal gets
     * plain lines; elsewhere a console ({@link System#console()}) stands for it.
     */
    public static boolean onTerminal(PrintStream out) {
        if (out != System.err) {
            return false;
        }
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
    }

    /** Counts {@code batch} more readings, ingested in {@code batchNanos} inside the use case. */
    void step(long batch, long batchNanos) {
        readings += batch;
        nanos += batchNanos;
        if (bar != null) {
            bar.stepTo(readings);
            bar.setExtraMessage(rate());
        } else if (System.nanoTime() - lastLine >= lineEveryNanos) {
            lastLine = System.nanoTime();
            out.println(String.format(Locale.ROOT, "bucketry: %s %,d of %,d readings (%d%%), %s", task, readings,
                    expected, expected == 0 ? 100 : Math.min(100, readings * 100 / expected), rate()));
        }
    }

    /** Marks the ingest as finished: only then does {@link #close()} print its "done" line. */
    void finish() {
        finished = true;
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.maxHint(readings);
            bar.close();
        } else if (finished) {
            out.println(String.format(Locale.ROOT, "bucketry: %s done: %,d readings, %s", task, readings, rate()));
        }
    }

    private String rate() {
        return String.format(Locale.ROOT, "%,d readings/s", Math.round(IngestResult.perSecond(readings, nanos)));
    }
}
