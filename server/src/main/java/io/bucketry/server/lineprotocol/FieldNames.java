package io.bucketry.server.lineprotocol;

/**
 * Line-protocol field keys as Bucketry field names: every character outside {@code [A-Za-z0-9_]}
 * becomes {@code _} ({@code usage.idle} → {@code usage_idle}); the ingest then checks the result like
 * any field name (starts with a letter, at most 64 characters, not {@code t}).
 */
final class FieldNames {

    private FieldNames() {
    }

    static String of(String key) {
        StringBuilder name = null;
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            boolean kept = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
            if (!kept && name == null) {
                name = new StringBuilder(key.length()).append(key, 0, i);
            }
            if (name != null) {
                name.append(kept ? c : '_');
                if (Character.isHighSurrogate(c) && i + 1 < key.length() && Character.isLowSurrogate(key.charAt(i + 1))) {
                    i++;
                }
            }
        }
        return name == null ? key : name.toString();
    }
}
