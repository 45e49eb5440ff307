package io.bucketry.domain;

/** The grammar field names and tag keys share: {@code [A-Za-z][A-Za-z0-9_]{0,63}}. */
final class NameRule {

    static final int MAX_LENGTH = 64;

    private NameRule() {
    }

    /** Why {@code name} breaks the grammar, as "{@code what} …", or null when it does not. */
    static String problem(String what, String name) {
        if (name == null) {
            return what + " is missing";
        }
        if (name.isEmpty()) {
            return what + " is empty";
        }
        if (name.length() > MAX_LENGTH) {
            return what + " " + Quote.of(name) + " is " + name.length() + " characters long; at most " + MAX_LENGTH
                    + " are allowed";
        }
        char first = name.charAt(0);
        if (!(first >= 'a' && first <= 'z' || first >= 'A' && first <= 'Z')) {
            return what + " " + Quote.of(name) + " must start with a letter";
        }
        for (int i = 1; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) {
                return what + " " + Quote.of(name) + " contains '" + Quote.printable(c) + "'; allowed are A-Z a-z 0-9 _";
            }
        }
        return null;
    }
}
