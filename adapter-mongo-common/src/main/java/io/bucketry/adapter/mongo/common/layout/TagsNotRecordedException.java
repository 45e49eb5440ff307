package io.bucketry.adapter.mongo.common.layout;

import io.bucketry.application.port.out.TagsUnsupportedException;

/**
 * A tag question to a Mongo collection whose layout record keeps no tags (made before tags, or with them off):
 * it keeps working without them, and the answer names the {@code migrate} that moves it into one that keeps them.
 */
public class TagsNotRecordedException extends TagsUnsupportedException {

    private final String message;

    /**
     * @param where the collection, as {@code mongo-bucket collection db.name}
     * @param asked what was asked, as {@code aggregates grouped by tags}
     */
    public TagsNotRecordedException(String where, String backend, String asked) {
        super(backend, asked);
        this.message = where + " keeps no tags (its layout record was made before tags, or with tags off), so it cannot"
                + " answer " + asked + "; ask without tag and groupBy parameters, or move it into a new collection that"
                + " keeps tags with bucketry migrate --from-config old.yaml --to-config new.yaml (the new configuration"
                + " naming another --mongo-collection)";
    }

    @Override
    public String getMessage() {
        return message;
    }
}
