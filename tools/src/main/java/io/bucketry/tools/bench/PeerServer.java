package io.bucketry.tools.bench;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * One system under benchmark, started fresh for one feed: where it takes the stream, how it answers
 * a write, how it is queried, what it holds once at rest. Closing stops it and removes its data.
 */
interface PeerServer extends AutoCloseable {

    /** What it holds at rest: its CPU time read then (before any stop) and the bytes per reading it stores. */
    record AtRest(Duration cpu, List<PeerResult.Cost> costs) {
    }

    /** The system and its version. */
    String label();

    /** The process whose CPU time is its cost. */
    long pid();

    /** Where the stream is posted. */
    URI writeUri();

    /** How a write of the whole batch is answered. */
    Answer writeAnswer();

    /** How it is asked Q1–Q4. */
    Dialect dialect();

    /** How it is asked Q1–Q4 for answers in columns, where it has such a form besides {@link #dialect()}; else null. */
    default Dialect columnDialect() {
        return null;
    }

    /** Waits until what was fed is stored and can be queried (at most a few minutes); the readings it holds. */
    long settle(long expected) throws IOException, InterruptedException;

    /**
     * Brings what it stores to rest as its operator would before measuring it (flush, merge, compaction, a
     * clean stop), then measures it: called once, after the queries.
     */
    AtRest rest(long stored) throws IOException, InterruptedException;

    @Override
    void close() throws IOException, InterruptedException;
}
