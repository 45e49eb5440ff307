package io.bucketry.server.lineprotocol;

import io.bucketry.domain.RejectionReason;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Decodes string field values as UTF-8 that must be valid: a bad byte is reported, never replaced by U+FFFD. */
final class StrictUtf8 {

    private StrictUtf8() {
    }

    /** The text of {@code b[s, e)}; a LineError-ready complaint naming the first bad byte when it is not UTF-8. */
    static String decode(byte[] b, int s, int e, String field) {
        int i = s;
        while (i < e && b[i] >= 0) {
            i++;
        }
        if (i == e) {
            return new String(b, s, e - s, StandardCharsets.ISO_8859_1);   // all ASCII: the common case, no decoder
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b, s, e - s);
        CharBuffer out = CharBuffer.allocate(e - s);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int at = Math.min(in.position(), e - 1);
            throw new LineError(RejectionReason.INVALID_FIELD_VALUE, "field " + field
                    + ": the string is not valid UTF-8 (byte 0x" + String.format("%02x", b[at] & 0xff) + " at byte "
                    + (at - s) + " of the string); send the body as UTF-8");
        }
        return out.flip().toString();
    }
}
