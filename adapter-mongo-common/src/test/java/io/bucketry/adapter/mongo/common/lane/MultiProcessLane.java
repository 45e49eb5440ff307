package io.bucketry.adapter.mongo.common.lane;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.bucketry.adapter.mongo.common.testing.CuttingProxy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three processes of one backend (each a {@link LaneProcess} in its own class loader, with its own
 * client) on one collection of an embedded server, the third behind a proxy that holds each of its
 * requests back 0.3 s while the processes race, so that the races the server's serialized writes hide
 * become likely: batches of one window split between a fast and a slow process, a delete racing a slow
 * settle, and every process sending the same readings at once. The settles and checks after each race
 * run one process at a time, without the delay (it would only be waited out). Answers are compared with
 * a brute force over what was sent. {@code -Dbucketry.lane.trials=50} runs the 50 trials (5 by default, for CI).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class MultiProcessLane {

    static final Duration DELAY = Duration.ofMillis(300);
    static final int TRIALS = Integer.getInteger("bucketry.lane.trials", 5);
    protected static final String DATABASE = "bucketry_lane";

    private final Random random = new Random(35);
    private MongoServer server;
    private CuttingProxy proxy;
    private ProcessLane fast;
    private ProcessLane other;
    private ProcessLane slow;
    private List<ProcessLane> all;
    private ExecutorService pool;
    protected String collection;

    /** The {@link LaneProcess} subclass of this backend. */
    protected abstract String processClass();

    /** Appended to the lane's collection name (a process class may read a variant from it). */
    protected String collectionSuffix() {
        return "";
    }

    /** Readings of {@code series} stored in {@code collection}, copies included, counted by the backend's own documents. */
    protected abstract long storedCopies(String uri, String series);

    @BeforeAll
    void startProcesses() throws Exception {
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        InetSocketAddress address = server.getLocalAddress();
        proxy = new CuttingProxy("127.0.0.1", address.getPort());
        collection = "lane_" + UUID.randomUUID().toString().substring(0, 8) + collectionSuffix();
        pool = Executors.newFixedThreadPool(3);
        proxy.delayRequests(DELAY);
        // the three start at once on the new collection: one records its layout, the others agree with it
        Future<ProcessLane> starting = pool.submit(() -> ProcessLane.start(processClass(), uri(proxy.port()), DATABASE, collection));
        Future<ProcessLane> second = pool.submit(() -> ProcessLane.start(processClass(), uri(address.getPort()), DATABASE, collection));
        fast = ProcessLane.start(processClass(), uri(address.getPort()), DATABASE, collection);
        other = second.get();
        slow = starting.get();
        all = List.of(fast, other, slow);
    }

    protected String directUri() {
        return uri(server.getLocalAddress().getPort());
    }

    private static String uri(int port) {
        return "mongodb://127.0.0.1:" + port + "/?directConnection=true";
    }

    @AfterAll
    void stopProcesses() throws Exception {
        pool.shutdownNow();
        proxy.delayRequests(Duration.ZERO);
        for (ProcessLane process : all) {
            process.close();
        }
        proxy.close();
        server.shutdownNow();
    }

    @Test
    void aSlowProcessesBatchIsInItsTierWindowOnceEveryProcessHasSettled() throws Exception {
        int stale = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            proxy.delayRequests(DELAY);
            // given one hour's readings split between a fast and a slow process
            String series = "stale-" + trial + "-" + random.nextInt(1_000_000);
            long hour = hourAgo(2);
            List<Object[]> even = new ArrayList<>();
            List<Object[]> odd = new ArrayList<>();
            List<Object[]> readings = minutes(series, hour, 20);
            for (int minute = 0; minute < readings.size(); minute++) {
                (minute % 2 == 0 ? even : odd).add(readings.get(minute));
            }
            // when the fast one stores its half and settles while the slow one's batch is being written
            Future<Object> slowBatch = pool.submit(() -> slow.call("ingest", odd));
            Thread.sleep(100);
            fast.call("ingest", even);
            while (!slowBatch.isDone()) {
                fast.call("settle");
            }
            slowBatch.get();
            settleEverywhere();
            // then every process's tier and answer hold the whole window
            List<Object[]> sent = new ArrayList<>(even);
            sent.addAll(odd);
            long[] expected = BruteForce.window(sent, hour);
            for (ProcessLane process : all) {
                if (!sameWindows(process.call("tier", series, hour, hour + hourMillis()), expected)
                        || !sameWindows(process.call("aggregate", series, hour, hour + hourMillis(), hourMillis()), expected)) {
                    stale++;
                }
            }
        }
        System.out.println("[bucketry] lane " + getClass().getSimpleName() + ": " + stale + " stale tier answers in "
                + TRIALS + " trials x 3 processes");
        assertThat(stale).as("tier answers missing a slow process's batch").isZero();
    }

    @Test
    void aSeriesDeletedThroughOneProcessIsAnsweredByNoTierOfAny() throws Exception {
        int answered = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            proxy.delayRequests(DELAY);
            // given a series with pending windows
            String series = "deleted-" + trial + "-" + random.nextInt(1_000_000);
            long hour = hourAgo(2);
            List<Object[]> readings = minutes(series, hour, 20);
            fast.call("ingest", readings);
            // when the slow process settles it while the fast one deletes it
            Future<Object> settle = pool.submit(() -> slow.call("settle"));
            Thread.sleep(300 + random.nextInt(900));
            fast.call("delete", series);
            settle.get();
            settleEverywhere();
            // then no process answers anything for it
            for (ProcessLane process : all) {
                if (!((List<?>) process.call("tier", series, hour, hour + hourMillis())).isEmpty()
                        || !((List<?>) process.call("aggregate", series, hour, hour + hourMillis(), hourMillis())).isEmpty()) {
                    answered++;
                }
            }
        }
        System.out.println("[bucketry] lane " + getClass().getSimpleName() + ": " + answered
                + " tier answers for a deleted series in " + TRIALS + " trials x 3 processes");
        assertThat(answered).as("tier answers for a deleted series").isZero();
    }

    @Test
    void readingsSentToEveryProcessAtOnceAreStoredAndCountedOnce() throws Exception {
        long copies = 0;
        long miscounted = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            proxy.delayRequests(DELAY);
            // given 3 series x 40 minutes, sent whole to each process in its own order and values
            String prefix = "once-" + trial + "-" + random.nextInt(1_000_000) + "-";
            long hour = hourAgo(3);
            List<List<Object[]>> batches = new ArrayList<>();
            int unique = 0;
            for (int process = 0; process < 3; process++) {
                List<Object[]> readings = new ArrayList<>();
                for (int s = 0; s < 3; s++) {
                    for (int minute = 0; minute < 40; minute++) {
                        readings.add(reading(prefix + s, hour + minute * 60_000L, process * 1000 + minute));
                    }
                }
                unique = readings.size();
                Collections.shuffle(readings, random);
                batches.add(readings);
            }
            // when the three store them at once, in two batches each
            List<Future<long[]>> reports = new ArrayList<>();
            for (int process = 0; process < 3; process++) {
                ProcessLane target = all.get(process);
                List<Object[]> readings = batches.get(process);
                reports.add(pool.submit(() -> add((long[]) target.call("ingest", readings.subList(0, 60)),
                        (long[]) target.call("ingest", readings.subList(60, readings.size())))));
            }
            long accepted = 0;
            long duplicates = 0;
            for (Future<long[]> report : reports) {
                accepted += report.get()[0];
                duplicates += report.get()[1];
            }
            settleEverywhere();
            // then each reading is stored once, counted once, and the tier agrees with the raw readings
            if (accepted != unique || duplicates != 2L * unique) {
                miscounted++;
            }
            for (int s = 0; s < 3; s++) {
                copies += storedCopies(directUri(), prefix + s) - 40;
                List<?> tier = (List<?>) fast.call("tier", prefix + s, hour, hour + hourMillis());
                List<?> raw = (List<?>) fast.call("aggregate", prefix + s, hour, hour + hourMillis(), 60_000L);
                long rawCount = raw.stream().mapToLong(w -> ((long[]) w)[1]).sum();
                if (tier.size() != 1 || ((long[]) tier.get(0))[1] != rawCount || rawCount != 40) {
                    miscounted++;
                }
            }
        }
        System.out.println("[bucketry] lane " + getClass().getSimpleName() + ": " + copies + " stored copies, "
                + miscounted + " miscounted trials or series in " + TRIALS + " trials");
        assertThat(copies).as("readings stored more than once").isZero();
        assertThat(miscounted).as("trials with inexact counts").isZero();
    }

    private static long[] add(long[] a, long[] b) {
        return new long[] {a[0] + b[0], a[1] + b[1]};
    }

    /** Ends a trial's race: every process settles in turn, and the slow one's link is fast again for the checks. */
    private void settleEverywhere() {
        proxy.delayRequests(Duration.ZERO);
        for (ProcessLane process : all) {
            process.call("settle");
        }
    }

    private static boolean sameWindows(Object answer, long[] expected) {
        List<?> windows = (List<?>) answer;
        if (windows.size() != 1) {
            return false;
        }
        long[] window = (long[]) windows.get(0);
        return window[0] == expected[0] && window[1] == expected[1] && window[2] == expected[2];
    }

    private static long hourAgo(int hours) {
        return Instant.now().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(hours)).toEpochMilli();
    }

    private static long hourMillis() {
        return LaneProcess.TIER.toMillis();
    }

    /** One reading a minute from {@code hour}, valued minute + 0.5. */
    private static List<Object[]> minutes(String series, long hour, int count) {
        List<Object[]> readings = new ArrayList<>(count);
        for (int minute = 0; minute < count; minute++) {
            readings.add(reading(series, hour + minute * 60_000L, minute + 0.5));
        }
        return readings;
    }

    private static Object[] reading(String series, long at, double value) {
        return new Object[] {series, at, value};
    }
}
