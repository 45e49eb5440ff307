package io.bucketry.tools.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** du counts the blocks a directory's files take, and leaves out what it is told to. */
class DiskUsageTest {

    @Test
    void aWrittenFileCountsAndAnExcludedOneDoesNot(@TempDir Path dir) throws Exception {
        byte[] bytes = new byte[200_000];
        new Random(34).nextBytes(bytes);
        Files.write(dir.resolve("data.d"), bytes);
        Files.createDirectories(dir.resolve("wal1"));
        Files.write(dir.resolve("wal1/segment"), bytes);

        long all = DiskUsage.allocated(dir);
        long withoutWal = DiskUsage.allocated(dir, "wal*");

        assertThat(withoutWal).isBetween(200_000L, 200_000L + 64 * 1024);
        assertThat(all - withoutWal).isBetween(200_000L, 200_000L + 64 * 1024);
    }
}
