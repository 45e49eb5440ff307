package io.bucketry.application.port.out;

/** The store keeps no tags (it lacks {@link Capability#TAGS}) and was asked a question about them. */
public class TagsUnsupportedException extends UnsupportedOperationException {

    public TagsUnsupportedException(String backend, String asked) {
        super("the " + backend + " store keeps no tags, so it cannot answer " + asked
                + "; ask without tag and groupBy parameters, or use a store that keeps them");
    }
}
