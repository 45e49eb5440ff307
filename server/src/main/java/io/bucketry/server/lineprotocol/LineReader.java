package io.bucketry.server.lineprotocol;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Cuts a stream into lines for the {@link LineParser} through one buffer that holds the current
 * line and what follows it, never the whole body: it grows only for a line longer than itself.
 */
final class LineReader {

    private static final int INITIAL_BUFFER = 64 * 1024;

    private LineReader() {
    }

    static void read(InputStream in, LineParser parser) throws IOException {
        byte[] buf = new byte[INITIAL_BUFFER];
        int pos = 0;
        int lim = 0;
        int scan = 0;
        int embedded = 0;   // newlines inside a quoted string of the current line
        long line = 1;
        boolean eof = false;
        while (true) {
            int nl = indexOfNewline(buf, scan, lim);
            if (nl >= 0) {
                int end = nl > pos && buf[nl - 1] == '\r' ? nl - 1 : nl;
                if (parser.parse(buf, pos, end, line, false) == LineParser.NEED_MORE) {
                    embedded++;
                } else {
                    line += 1 + embedded;
                    embedded = 0;
                    pos = nl + 1;
                }
                scan = nl + 1;
                continue;
            }
            if (eof) {
                int end = lim > pos && buf[lim - 1] == '\r' ? lim - 1 : lim;
                if (end > pos) {
                    parser.parse(buf, pos, end, line, true);
                }
                return;
            }
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, lim - pos);
                lim -= pos;
                scan -= pos;
                pos = 0;
            }
            if (lim == buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            int n = in.read(buf, lim, buf.length - lim);
            if (n < 0) {
                eof = true;
            } else {
                lim += n;
            }
        }
    }

    private static int indexOfNewline(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
