package io.bucketry.server.http;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.ZipException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The strict gzip reader against hand-built members: every header flag, and a wrong CRC or length. */
class StrictGzipInputTest {

    private static final byte[] TEXT = "m v=1\nm v=2\n".repeat(50).getBytes(StandardCharsets.US_ASCII);

    /** A gzip member of {@code data} with the given header flags (and their fields), CRC and length as given. */
    private static byte[] member(byte[] data, int flags, long crc, long size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, (byte) flags, 0, 0, 0, 0, 0, 3});
        if ((flags & 4) != 0) {
            out.writeBytes(new byte[] {3, 0, 'a', 'b', 'c'});
        }
        if ((flags & 8) != 0) {
            out.writeBytes("name.txt\0".getBytes(StandardCharsets.US_ASCII));
        }
        if ((flags & 16) != 0) {
            out.writeBytes("a comment\0".getBytes(StandardCharsets.US_ASCII));
        }
        if ((flags & 2) != 0) {
            out.writeBytes(new byte[] {0x12, 0x34});
        }
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        deflater.setInput(data);
        deflater.finish();
        byte[] buf = new byte[4096];
        while (!deflater.finished()) {
            out.write(buf, 0, deflater.deflate(buf));
        }
        deflater.end();
        for (long v : new long[] {crc, size}) {
            for (int i = 0; i < 4; i++) {
                out.write((int) (v >>> (8 * i)) & 0xff);
            }
        }
        return out.toByteArray();
    }

    private static long crcOf(byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(data);
        return crc.getValue();
    }

    private static byte[] inflate(byte[] body) throws IOException {
        try (InputStream in = new StrictGzipInput(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }

    @Test
    void aMemberWithEveryHeaderFieldInflatesToItsData() throws IOException {
        // given
        byte[] body = member(TEXT, 2 | 4 | 8 | 16, crcOf(TEXT), TEXT.length);

        // when
        byte[] inflated = inflate(body);

        // then
        assertThat(inflated).isEqualTo(TEXT);
    }

    @Test
    void aWrongCrcOrLengthIsAZipExceptionSayingWhich() {
        // given
        byte[] badCrc = member(TEXT, 0, crcOf(TEXT) ^ 1, TEXT.length);
        byte[] badLength = member(TEXT, 0, crcOf(TEXT), TEXT.length + 1);

        // when / then
        assertThatThrownBy(() -> inflate(badCrc)).isInstanceOf(ZipException.class).hasMessageContaining("CRC");
        assertThatThrownBy(() -> inflate(badLength)).isInstanceOf(ZipException.class).hasMessageContaining("size");
    }

    @Test
    void aBodyCutInsideItsHeaderOrEmptyIsAZipException() {
        // given
        byte[] whole = member(TEXT, 8, crcOf(TEXT), TEXT.length);
        byte[] cutInName = Arrays.copyOf(whole, 13);

        // when / then
        assertThatThrownBy(() -> inflate(cutInName)).isInstanceOf(ZipException.class).hasMessageContaining("cut off");
        assertThatThrownBy(() -> inflate(new byte[0])).isInstanceOf(ZipException.class).hasMessage("the body is empty");
    }
}
