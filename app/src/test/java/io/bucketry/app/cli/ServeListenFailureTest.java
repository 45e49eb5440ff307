package io.bucketry.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code serve} where it cannot listen: one line naming the address and the cause, exit code 1, in its own JVM. */
class ServeListenFailureTest {

    @TempDir
    Path dir;

    private record Exit(int code, String stderr) {
    }

    private Exit serve(String... args) throws IOException, InterruptedException {
        Path stderr = dir.resolve("stderr.txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), BucketryCommand.class.getName(), "serve"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectError(stderr.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("serve did not exit:\n" + Files.readString(stderr));
        }
        return new Exit(process.exitValue(), Files.readString(stderr));
    }

    private static void assertOneLine(Exit exit, String... fragments) {
        assertThat(exit.code()).as(exit.stderr()).isEqualTo(1);
        assertThat(exit.stderr().strip().lines()).as(exit.stderr()).hasSize(1);
        assertThat(exit.stderr()).contains(fragments).doesNotContain("\tat ").doesNotContain("STOPPED");
    }

    @Test
    void aPortInUseIsOneLineNamingTheAddressAndTheCause() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();

            assertOneLine(serve("--port", Integer.toString(port)), "serve: cannot listen on 127.0.0.1:" + port,
                    "Address already in use");
        }
    }

    @Test
    void aBindAddressThatIsNotThisMachinesIsOneLineNamingTheAddressAndTheCause() throws Exception {
        // 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine
        assertOneLine(serve("--bind", "192.0.2.1", "--port", "0", "--insecure-no-auth-on-network"), "serve: cannot listen on 192.0.2.1:0",
                "Cannot assign requested address");
    }

    @Test
    void aBindHostThatDoesNotResolveIsOneLineNamingTheAddress() throws Exception {
        // .invalid never resolves (RFC 2606)
        assertOneLine(serve("--bind", "no-such-host.invalid", "--port", "8080",
                        "--insecure-no-auth-on-network"),
                "serve: cannot listen on no-such-host.invalid:8080: no such host or address");
    }
}
