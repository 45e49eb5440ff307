package io.bucketry.embedding;

import java.util.ArrayList;
import java.util.List;

/** Java code blocks of one README section, split into import lines and code lines (stripped of indentation). */
final class ReadmeSnippets {

    /** One ```java block: its import lines, and its other non-blank lines. */
    record Snippet(List<String> imports, List<String> code) {
    }

    private ReadmeSnippets() {
    }

    static List<Snippet> javaBlocksOf(String readme, String heading) {
        int start = readme.indexOf("\n" + heading + "\n");
        if (start < 0) {
            throw new AssertionError("the README has no section " + heading);
        }
        int end = readme.indexOf("\n## ", start + heading.length() + 2);
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        List<Snippet> snippets = new ArrayList<>();
        for (int open = section.indexOf("```java\n"); open >= 0; open = section.indexOf("```java\n", open + 1)) {
            int close = section.indexOf("\n```", open);
            List<String> imports = new ArrayList<>();
            List<String> code = new ArrayList<>();
            for (String line : section.substring(open + "```java\n".length(), close).split("\n")) {
                if (line.startsWith("import ")) {
                    imports.add(line);
                } else if (!line.isBlank()) {
                    code.add(line.strip());
                }
            }
            snippets.add(new Snippet(imports, code));
        }
        return snippets;
    }

    /** The non-blank lines of {@code source} between the two marker lines, stripped. */
    static List<String> between(String source, String begin, String end) {
        int from = source.indexOf(begin);
        int to = source.indexOf(end);
        if (from < 0 || to < from) {
            throw new AssertionError("markers '" + begin + "' / '" + end + "' not found in order");
        }
        return source.substring(from + begin.length(), to).lines().filter(line -> !line.isBlank())
                .map(String::strip).toList();
    }
}
