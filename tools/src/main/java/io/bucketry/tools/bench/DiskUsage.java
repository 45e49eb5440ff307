package io.bucketry.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes a directory takes on disk as {@code du} counts them: allocated blocks, so that the
 * preallocated, sparse column files of a peer count for what they hold, not for their length.
 */
final class DiskUsage {

    private DiskUsage() {
    }

    /** Allocated bytes under {@code dir}, leaving out entries whose name matches one of {@code excluded} (du's --exclude). */
    static long allocated(Path dir, String... excluded) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("du", "-s", "--block-size=1"));
        for (String pattern : excluded) {
            command.add("--exclude=" + pattern);
        }
        command.add(dir.toString());
        Process du = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(du.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (du.waitFor() != 0) {
            throw new IOException("du " + dir + " failed: " + out);
        }
        return Long.parseLong(out.substring(0, out.indexOf('\t')));
    }
}
