package io.bucketry.server.json;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * ASCII JSON text held as bytes (the first {@code length} of a buffer that its owner reuses), for
 * {@link com.fasterxml.jackson.core.JsonGenerator#writeRawValue(SerializableString)}: a byte generator copies
 * the bytes as they are, where raw chars would be encoded one by one. Its quoted forms are those of the text as
 * a JSON string, as {@link SerializedString} gives them.
 */
final class RawJson implements SerializableString {

    private byte[] bytes = new byte[0];
    private int length;

    /** This, over the first {@code length} bytes of {@code text}, valid until the next call. */
    RawJson of(byte[] text, int length) {
        this.bytes = text;
        this.length = length;
        return this;
    }

    @Override
    public String getValue() {
        return new String(bytes, 0, length, StandardCharsets.US_ASCII);
    }

    @Override
    public int charLength() {
        return length;
    }

    @Override
    public byte[] asUnquotedUTF8() {
        return Arrays.copyOf(bytes, length);
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int offset) {
        if (offset + length > buffer.length) {
            return -1;
        }
        System.arraycopy(bytes, 0, buffer, offset, length);
        return length;
    }

    @Override
    public int appendUnquoted(char[] buffer, int offset) {
        if (offset + length > buffer.length) {
            return -1;
        }
        for (int i = 0; i < length; i++) {
            buffer[offset + i] = (char) bytes[i];
        }
        return length;
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
        out.write(bytes, 0, length);
        return length;
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
        if (length > buffer.remaining()) {
            return -1;
        }
        buffer.put(bytes, 0, length);
        return length;
    }

    @Override
    public char[] asQuotedChars() {
        return quoted().asQuotedChars();
    }

    @Override
    public byte[] asQuotedUTF8() {
        return quoted().asQuotedUTF8();
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int offset) {
        return quoted().appendQuotedUTF8(buffer, offset);
    }

    @Override
    public int appendQuoted(char[] buffer, int offset) {
        return quoted().appendQuoted(buffer, offset);
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) throws IOException {
        return quoted().writeQuotedUTF8(out);
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) throws IOException {
        return quoted().putQuotedUTF8(buffer);
    }

    private SerializedString quoted() {
        return new SerializedString(getValue());
    }
}
