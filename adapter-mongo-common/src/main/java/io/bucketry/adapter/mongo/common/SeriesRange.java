package io.bucketry.adapter.mongo.common;

import com.mongodb.client.model.Filters;
import io.bucketry.domain.SeriesId;
import org.bson.conversions.Bson;

import java.util.ArrayList;
import java.util.List;

/** The series ids a listing or lastpoint query covers, as conditions on one field: a range, never a regular expression. */
public final class SeriesRange {

    private SeriesRange() {
    }

    /** Conditions on {@code field}: ids starting with {@code prefix} (empty: any) and after {@code after} (null: any). */
    public static List<Bson> of(String field, String prefix, SeriesId after) {
        List<Bson> range = new ArrayList<>(List.of(Filters.gte(field, prefix)));
        if (!prefix.isEmpty()) {
            range.add(Filters.lt(field, SeriesId.prefixBound(prefix)));
        }
        if (after != null) {
            range.add(Filters.gt(field, after.value()));
        }
        return range;
    }
}
