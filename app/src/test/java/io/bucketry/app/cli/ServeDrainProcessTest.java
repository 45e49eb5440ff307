package io.bucketry.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** SIGTERM while an ingest is in flight: the ingest still finishes and is answered, then the process exits. */
class ServeDrainProcessTest {

    @TempDir
    Path dir;

    @Test
    void anIngestInFlightAtSigtermIsAnsweredBeforeTheProcessExits() throws Exception {
        try (ServeProcess serve = ServeProcess.start(dir, "--drain-timeout", "20s", "--body-read-timeout", "20s");
             Socket socket = new Socket("127.0.0.1", serve.port())) {
            socket.setSoTimeout(30_000);
            String body = "[{\"series\":\"drain\",\"time\":" + System.currentTimeMillis() + ",\"fields\":{\"v\":1}}]";
            String head = "POST /v1/readings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length() + "\r\n\r\n";
            OutputStream out = socket.getOutputStream();

            // given: an ingest whose body has half arrived
            out.write((head + body.substring(0, 10)).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(500);

            // when: SIGTERM, then the rest of the body
            CompletableFuture<Boolean> stopped = CompletableFuture.supplyAsync(() -> {
                try {
                    return serve.stop();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!serve.stderr().contains("stopping;") && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            out.write(body.substring(10).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String response = readAll(socket.getInputStream());
            socket.close();   // as any client does after an answer with Connection: close

            // then
            assertThat(serve.stderr()).contains("stopping; finishing requests in flight (for up to 20s");
            assertThat(response).startsWith("HTTP/1.1 200").contains("\"accepted\":1");
            long answered = System.nanoTime();
            assertThat(stopped.get(40, TimeUnit.SECONDS)).as(serve.stderr()).isTrue();
            long exitMillis = (System.nanoTime() - answered) / 1_000_000;
            assertThat(exitMillis).as("exited %d ms after the answer; stderr:%n%s", exitMillis, serve.stderr())
                    .isLessThan(10_000);
        }
    }

    /** The response up to the end of its JSON body. */
    private static String readAll(InputStream in) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            bytes.write(b);
            String text = bytes.toString(StandardCharsets.US_ASCII);
            if (text.contains("\r\n\r\n") && text.endsWith("}")) {
                return text;
            }
        }
        return bytes.toString(StandardCharsets.US_ASCII);
    }
}
