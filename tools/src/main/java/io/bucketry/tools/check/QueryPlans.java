package io.bucketry.tools.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.bucketry.server.json.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads the stages of the winning plans out of an {@code explain} answer (classic or slot-based
 * engine, one shard or many): {@code rejectedPlans} are not looked at.
 */
final class QueryPlans {

    private QueryPlans() {
    }

    /** Every {@code stage} inside a {@code winningPlan}, in document order. */
    static List<String> winningStages(String explainJson) {
        try {
            List<String> stages = new ArrayList<>();
            collect(Json.mapper().readTree(explainJson), false, stages);
            return stages;
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable explain answer", e);
        }
    }

    /** An index scan ({@code IXSCAN}, 8.0's {@code EXPRESS_IXSCAN}, or the _id fast path) and no collection scan. */
    static boolean usesIndex(List<String> stages) {
        boolean index = stages.stream().anyMatch(s -> s.contains("IXSCAN") || s.equals("IDHACK") || s.startsWith("EXPRESS"));
        return index && stages.stream().noneMatch(s -> s.contains("COLLSCAN"));
    }

    private static void collect(JsonNode node, boolean inWinning, List<String> stages) {
        if (node.isArray()) {
            node.forEach(child -> collect(child, inWinning, stages));
            return;
        }
        if (!node.isObject()) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            String key = field.getKey();
            if (key.equals("rejectedPlans")) {
                continue;
            }
            if (inWinning && key.equals("stage") && field.getValue().isTextual()) {
                stages.add(field.getValue().asText());
            }
            collect(field.getValue(), inWinning || key.equals("winningPlan"), stages);
        }
    }
}
