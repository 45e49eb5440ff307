package io.bucketry.server.http;

import io.bucketry.domain.GroupBy;
import io.bucketry.domain.Quote;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagFilter.Condition;
import io.javalin.http.Context;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The tag parameters of a query: {@code tag=key:value} (repeated: every one must hold), {@code tag=key:v1,v2}
 * (one of the values; a backslash escapes a comma or a backslash inside a value), {@code tag=key} (the key with
 * any value); and {@code groupBy=key1,key2}. INVALID_TAG_FILTER or INVALID_GROUP_BY, naming the offending text.
 */
final class TagParams {

    private TagParams() {
    }

    /** The request's tag filter; {@link TagFilter#ANY} without {@code tag} parameters. */
    static TagFilter filter(Context ctx) {
        List<Condition> conditions = new ArrayList<>();
        for (String text : ctx.queryParams("tag")) {
            conditions.add(condition(text));
        }
        return conditions.isEmpty() ? TagFilter.ANY : new TagFilter(conditions);
    }

    /** One {@code tag} parameter as a condition. */
    static Condition condition(String text) {
        int colon = text.indexOf(':');
        String key = colon < 0 ? text : text.substring(0, colon);
        try {
            return colon < 0 ? Condition.any(key) : new Condition(key, values(text.substring(colon + 1)));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("INVALID_TAG_FILTER", "tag=" + Quote.of(text) + ": " + e.getMessage()
                    + " (give tag=key:value, tag=key:value1,value2 or tag=key)");
        }
    }

    /** The request's {@code groupBy}, or null when it has none. */
    static GroupBy groupBy(Context ctx) {
        String text = ctx.queryParam("groupBy");
        return text == null ? null : groupBy(text);
    }

    /** Tag keys separated by commas as a {@link GroupBy}; INVALID_GROUP_BY naming {@code text}. */
    static GroupBy groupBy(String text) {
        try {
            return new GroupBy(Arrays.stream(text.split(",", -1)).map(String::strip).toList());
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("INVALID_GROUP_BY", "groupBy=" + Quote.of(text) + ": " + e.getMessage()
                    + " (give tag keys separated by commas, as groupBy=building,type)");
        }
    }

    /** Values separated by unescaped commas; {@code \,} is a comma and {@code \\} a backslash inside one. */
    private static Set<String> values(String list) {
        Set<String> values = new LinkedHashSet<>();
        StringBuilder value = new StringBuilder();
        for (int i = 0; i < list.length(); i++) {
            char c = list.charAt(i);
            if (c == '\\' && i + 1 < list.length() && (list.charAt(i + 1) == ',' || list.charAt(i + 1) == '\\')) {
                value.append(list.charAt(++i));
            } else if (c == ',') {
                values.add(value.toString());
                value.setLength(0);
            } else {
                value.append(c);
            }
        }
        values.add(value.toString());
        return values;
    }
}
