package io.bucketry.server.json;

import com.fasterxml.jackson.core.io.SerializedString;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class RawJsonTest {

    private static final String TEXT = "[\"a\\\"b\",1.5]";

    private static RawJson raw() {
        byte[] buffer = (TEXT + "left over").getBytes(StandardCharsets.US_ASCII);
        return new RawJson().of(buffer, TEXT.length());
    }

    @Test
    void unquotedFormsAreTheTextsBytesAsTheyAre() throws IOException {
        RawJson raw = raw();
        byte[] bytes = new byte[TEXT.length() + 2];
        char[] chars = new char[TEXT.length() + 2];
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer buffer = ByteBuffer.allocate(TEXT.length());

        assertThat(raw.getValue()).isEqualTo(TEXT);
        assertThat(raw.charLength()).isEqualTo(TEXT.length());
        assertThat(raw.asUnquotedUTF8()).isEqualTo(TEXT.getBytes(StandardCharsets.US_ASCII));
        assertThat(raw.appendUnquotedUTF8(bytes, 2)).isEqualTo(TEXT.length());
        assertThat(new String(bytes, 2, TEXT.length(), StandardCharsets.US_ASCII)).isEqualTo(TEXT);
        assertThat(raw.appendUnquoted(chars, 1)).isEqualTo(TEXT.length());
        assertThat(new String(chars, 1, TEXT.length())).isEqualTo(TEXT);
        assertThat(raw.writeUnquotedUTF8(out)).isEqualTo(TEXT.length());
        assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo(TEXT);
        assertThat(raw.putUnquotedUTF8(buffer)).isEqualTo(TEXT.length());
        assertThat(buffer.array()).isEqualTo(TEXT.getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void anAppendWithoutRoomIsRefusedAndWritesNothing() {
        RawJson raw = raw();
        byte[] bytes = new byte[TEXT.length() + 2];
        char[] chars = new char[TEXT.length() + 2];

        assertThat(raw.appendUnquotedUTF8(bytes, 3)).isNegative();
        assertThat(raw.appendUnquoted(chars, 3)).isNegative();
        assertThat(raw.putUnquotedUTF8(ByteBuffer.allocate(TEXT.length() - 1))).isNegative();
        assertThat(bytes).containsOnly(0);
        assertThat(chars).containsOnly('\0');
    }

    @Test
    void quotedFormsAreThoseOfTheTextAsAJsonString() throws IOException {
        RawJson raw = raw();
        SerializedString expected = new SerializedString(TEXT);
        byte[] bytes = new byte[64];
        byte[] expectedBytes = new byte[64];
        char[] chars = new char[64];
        char[] expectedChars = new char[64];
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream expectedOut = new ByteArrayOutputStream();
        ByteBuffer buffer = ByteBuffer.allocate(64);
        ByteBuffer expectedBuffer = ByteBuffer.allocate(64);

        assertThat(raw.asQuotedChars()).isEqualTo(expected.asQuotedChars());
        assertThat(new String(raw.asQuotedChars())).isEqualTo("[\\\"a\\\\\\\"b\\\",1.5]");
        assertThat(raw.asQuotedUTF8()).isEqualTo(expected.asQuotedUTF8());
        assertThat(raw.appendQuotedUTF8(bytes, 1)).isEqualTo(expected.appendQuotedUTF8(expectedBytes, 1));
        assertThat(bytes).isEqualTo(expectedBytes);
        assertThat(raw.appendQuoted(chars, 1)).isEqualTo(expected.appendQuoted(expectedChars, 1));
        assertThat(chars).isEqualTo(expectedChars);
        assertThat(raw.writeQuotedUTF8(out)).isEqualTo(expected.writeQuotedUTF8(expectedOut));
        assertThat(out.toByteArray()).isEqualTo(expectedOut.toByteArray());
        assertThat(raw.putQuotedUTF8(buffer)).isEqualTo(expected.putQuotedUTF8(expectedBuffer));
        assertThat(buffer.array()).isEqualTo(expectedBuffer.array());
    }
}
