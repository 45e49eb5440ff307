package io.bucketry.server.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** HTTP/1.1 over a plain loopback socket, for requests a well-behaved client would never send. */
final class RawHttp implements AutoCloseable {

    private final Socket socket;

    RawHttp(int port) {
        try {
            socket = new Socket("127.0.0.1", port);
            socket.setSoTimeout(20_000);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One answer as read off the wire: status line, headers (lower-case names) and body. */
    record Response(int status, String headers, String body) {
        String header(String name) {
            return headers.lines().filter(l -> l.toLowerCase(Locale.ROOT).startsWith(name.toLowerCase(Locale.ROOT) + ":"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse(null);
        }
    }

    /** Sends {@code text} (ISO-8859-1) as is. */
    RawHttp send(String text) {
        try {
            OutputStream out = socket.getOutputStream();
            out.write(text.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads one response: head, then a body of its Content-Length, or chunked, or up to the end of the stream. */
    Response read() {
        return read(false);
    }

    /** Reads one response to a HEAD request: its head only, whatever Content-Length says. */
    Response readHead() {
        return read(true);
    }

    private Response read(boolean headOnly) {
        try {
            InputStream in = socket.getInputStream();
            String head = readHead(in);
            int status = Integer.parseInt(head.substring(9, 12));
            Response bare = new Response(status, head, "");
            byte[] body;
            if (headOnly || status == 204 || status == 304) {
                body = new byte[0];
            } else if (bare.header("Content-Length") != null) {
                body = in.readNBytes(Integer.parseInt(bare.header("Content-Length")));
            } else if ("chunked".equalsIgnoreCase(bare.header("Transfer-Encoding"))) {
                body = readChunked(in);
            } else {
                body = in.readAllBytes();
            }
            return new Response(status, head, new String(body, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True when response bytes have arrived and can be read without waiting. */
    boolean answered() {
        try {
            return socket.getInputStream().available() > 0;
        } catch (IOException e) {
            return true;
        }
    }

    /** Sends {@code text} and reads the response. */
    Response exchange(String text) {
        return send(text).read();
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int last4 = 0;
        int b;
        while ((b = in.read()) != -1) {
            head.write(b);
            last4 = (last4 << 8) | b;
            if (last4 == 0x0D0A0D0A) {
                return head.toString(StandardCharsets.ISO_8859_1);
            }
        }
        throw new IOException("the connection closed before a complete response head: " + head);
    }

    private static byte[] readChunked(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String size = line(in);
            int n = Integer.parseInt(size.split(";")[0].strip(), 16);
            if (n == 0) {
                line(in);
                return body.toByteArray();
            }
            body.write(in.readNBytes(n));
            line(in);
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
