package io.bucketry.tools.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The TSM and WAL files of a database at one moment: per file its size. TSM files are named
 * {@code <generation>-<sequence>.tsm}; a compaction in progress writes {@code .tsm.tmp} files. A
 * database is fully compacted when its WAL holds no bytes (the cache is snapshotted), no compaction
 * is writing, and every shard's TSM files are of one generation (InfluxDB's planner has nothing
 * left to do then: a full compaction merges all generations of a cold shard into one).
 */
record TsmFiles(Map<Path, Long> tsm, long walBytes, boolean compacting) {

    /** The files under the shard directories {@code shards} and {@code walShards} now. */
    static TsmFiles scan(Path shards, Path walShards) {
        Map<Path, Long> tsm = new TreeMap<>();
        boolean[] compacting = {false};
        long[] wal = {0};
        files(shards).forEach(file -> {
            String name = file.getFileName().toString();
            if (name.endsWith(".tsm")) {
                tsm.put(shards.relativize(file), size(file));
            } else if (name.endsWith(".tsm.tmp")) {
                compacting[0] = true;
            }
        });
        files(walShards).filter(file -> file.getFileName().toString().endsWith(".wal"))
                .forEach(file -> wal[0] += size(file));
        return new TsmFiles(Map.copyOf(tsm), wal[0], compacting[0]);
    }

    /** Bytes in TSM files. */
    long tsmBytes() {
        return tsm.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Whether nothing is left to snapshot or compact (see the type's comment). */
    boolean fullyCompacted() {
        if (compacting || walBytes > 0 || tsm.isEmpty()) {
            return false;
        }
        Map<Path, Set<String>> generations = new HashMap<>();
        for (Path file : tsm.keySet()) {
            String name = file.getFileName().toString();
            generations.computeIfAbsent(file.getParent(), shard -> new HashSet<>()).add(name.substring(0, name.indexOf('-') + 1));
        }
        return generations.values().stream().allMatch(set -> set.size() == 1);
    }

    /** The regular files under {@code root}; the walk is retried when a compaction removes a file under it. */
    private static Stream<Path> files(Path root) {
        for (int attempt = 1; ; attempt++) {
            try (Stream<Path> walk = Files.walk(root)) {
                return walk.filter(Files::isRegularFile).toList().stream();
            } catch (NoSuchFileException e) {
                return Stream.empty();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (UncheckedIOException e) {
                if (!(e.getCause() instanceof NoSuchFileException) || attempt == 5) {
                    throw e;
                }
            }
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (NoSuchFileException e) {
            return 0;   // removed by a compaction between the listing and now
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
