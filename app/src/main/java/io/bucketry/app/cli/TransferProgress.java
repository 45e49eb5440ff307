package io.bucketry.app.cli;

import io.bucketry.tools.simulate.IngestProgress;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The progress of an export, import or migration on stderr: a redrawn bar when stderr is a terminal
 * (the rule of simulate's progress), otherwise one plain line every few seconds and one at the end.
 * An unknown total (0) shows a count without a percentage.
 */
final class TransferProgress implements AutoCloseable {

    private static final long LINE_EVERY_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final String task;
    private final String unit;
    private final long expected;
    private final PrintStream out;
    private final ProgressBar bar;
    private final long started = System.nanoTime();
    private long lastLine = started;
    private long done;

    TransferProgress(String task, String unit, long expected, PrintStream out) {
        this.task = task;
        this.unit = unit;
        this.expected = expected;
        this.out = out;
        this.bar = IngestProgress.onTerminal(out) ? new ProgressBarBuilder().setTaskName(task)
                .setInitialMax(expected > 0 ? expected : -1).setUnit(" " + unit, 1).setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(500).setConsumer(new ConsoleProgressBarConsumer(out, 100)).build() : null;
    }

    /** {@code total} of the work is done. */
    void at(long total) {
        done = total;
        if (bar != null) {
            bar.stepTo(total);
        } else if (System.nanoTime() - lastLine >= LINE_EVERY_NANOS) {
            lastLine = System.nanoTime();
            out.println("bucketry: " + task + " " + line());
        }
    }

    private String line() {
        String of = expected > 0 ? String.format(Locale.ROOT, " of %,d (%d%%)", expected, Math.min(100, done * 100 / expected)) : "";
        double seconds = Math.max(1e-9, (System.nanoTime() - started) / 1e9);
        return String.format(Locale.ROOT, "%,d%s %s, %,d %s/s", done, of, unit, Math.round(done / seconds), unit);
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.maxHint(done);
            bar.close();
        }
    }
}
