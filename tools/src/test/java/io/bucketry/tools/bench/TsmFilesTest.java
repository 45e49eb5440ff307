package io.bucketry.tools.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class TsmFilesTest {

    @TempDir
    Path dir;

    private TsmFiles scanWith(Map<String, Integer> files) throws IOException {
        for (Map.Entry<String, Integer> file : files.entrySet()) {
            Path path = dir.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.write(path, new byte[file.getValue()]);
        }
        return TsmFiles.scan(dir.resolve("data"), dir.resolve("wal"));
    }

    @Test
    void shardsOfOneGenerationEachWithAnEmptyWalAreFullyCompacted() throws IOException {
        TsmFiles files = scanWith(Map.of("data/1/000000004-000000004.tsm", 300, "data/1/000000004-000000005.tsm", 20,
                "data/2/000000002-000000003.tsm", 100, "data/1/fields.idx", 9, "wal/1/_00007.wal", 0));

        assertThat(files.fullyCompacted()).isTrue();
        assertThat(files.tsmBytes()).isEqualTo(420);
        assertThat(files.tsm()).hasSize(3);
    }

    @Test
    void aShardOfTwoGenerationsIsNotFullyCompacted() throws IOException {
        assertThat(scanWith(Map.of("data/1/000000001-000000001.tsm", 10, "data/1/000000002-000000001.tsm", 10))
                .fullyCompacted()).isFalse();
    }

    @Test
    void aCompactionStillWritingOrAWalWithBytesIsNotFullyCompacted() throws IOException {
        assertThat(scanWith(Map.of("data/1/000000003-000000002.tsm", 10, "data/1/000000003-000000003.tsm.tmp", 5))
                .fullyCompacted()).isFalse();
        Files.delete(dir.resolve("data/1/000000003-000000003.tsm.tmp"));
        assertThat(scanWith(Map.of("wal/1/_00002.wal", 44)).fullyCompacted()).isFalse();
    }

    @Test
    void noTsmFileAtAllIsNotFullyCompacted() throws IOException {
        assertThat(scanWith(Map.of()).fullyCompacted()).isFalse();
    }

    @Test
    void theWaitEndsOnceCompactedFilesStopChangingAndGivesUpAtItsTimeout() throws InterruptedException {
        TsmFiles writing = new TsmFiles(Map.of(Path.of("1/000000001-000000001.tsm"), 5L), 100, false);
        TsmFiles compacted = new TsmFiles(Map.of(Path.of("1/000000002-000000001.tsm"), 8L), 0, false);
        ArrayDeque<TsmFiles> scans = new ArrayDeque<>(List.of(writing, writing, compacted));
        CompactionWait wait = new CompactionWait(Duration.ofMillis(50), Duration.ofMillis(5), Duration.ofSeconds(10));

        CompactionWait.Outcome settled = wait.await(() -> scans.size() > 1 ? scans.poll() : scans.peek());

        assertThat(settled.settled()).isTrue();
        assertThat(settled.files()).isEqualTo(compacted);
        assertThat(settled.waited()).isGreaterThanOrEqualTo(Duration.ofMillis(50));
        CompactionWait.Outcome timedOut = new CompactionWait(Duration.ofMillis(10), Duration.ofMillis(5),
                Duration.ofMillis(100)).await(() -> writing);
        assertThat(timedOut.settled()).isFalse();
        assertThat(timedOut.files()).isEqualTo(writing);
    }
}
