package io.bucketry.app.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Keeps a report-printing command's stderr to what a person needs while it runs: no INFO lines, and
 * each kind of warning once (a check opens a dozen stores, each of which warns alike); errors pass.
 * A warning's kind is its logger and its text up to the first colon ("mongo-timeseries FALLBACK"),
 * where the stores put what they warn about before the details that differ from store to store.
 * Closing it restores the logs and says how many warnings it held back.
 */
final class QuietLogs extends TurboFilter implements AutoCloseable {

    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    private final AtomicLong hidden = new AtomicLong();
    private final PrintStream err;
    private final String command;

    private QuietLogs(PrintStream err, String command) {
        this.err = err;
        this.command = command;
    }

    /** Starts holding back logs where logback is the SLF4J provider; does nothing otherwise. */
    static QuietLogs start(PrintStream err, String command) {
        QuietLogs quiet = new QuietLogs(err, command);
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            quiet.setContext(context);
            quiet.start();
            context.addTurboFilter(quiet);
        }
        return quiet;
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable t) {
        if (format == null) {
            return FilterReply.NEUTRAL;   // an isWarnEnabled() question, not an event: neither shown nor counted
        }
        if (level == null || level.isGreaterOrEqual(Level.ERROR) || logger == null
                || !level.isGreaterOrEqual(logger.getEffectiveLevel())) {
            return FilterReply.NEUTRAL;   // errors pass; what the logger's own level drops is not ours to count
        }
        if (level == Level.WARN && warned.add(logger.getName() + " " + kind(format))) {
            return FilterReply.NEUTRAL;
        }
        if (level.isGreaterOrEqual(Level.WARN)) {
            hidden.incrementAndGet();
        }
        return FilterReply.DENY;
    }

    private static String kind(String message) {
        int colon = message.indexOf(':');
        return colon < 0 ? message : message.substring(0, colon);
    }

    @Override
    public void close() {
        if (getContext() instanceof LoggerContext context) {
            context.getTurboFilterList().remove(this);
        }
        stop();
        if (hidden.get() > 0) {
            err.println(command + ": " + Counted.of(hidden.get(), "more warning")
                    + " like the one above held back (--verbose shows every log line)");
        }
    }
}
