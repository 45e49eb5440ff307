package io.bucketry.adapter.mongo.common.layout;

/**
 * One setting whose configured value differs from the recorded one, and whether that is safe.
 *
 * @param setting the setting in the user's words, with its configuration key ({@code bucket width (bucketWidth)})
 * @param stored the recorded value, as the user writes it
 * @param configured the configured value, as the user writes it
 * @param safe true when placement and range lookup stay correct for the stored readings
 * @param why what the change does to the stored readings (why it is refused, or why it is safe)
 */
public record LayoutDifference(String setting, String stored, String configured, boolean safe, String why) {

    /** {@code bucket width (bucketWidth): stored 1h, configured 30m (why)}. */
    public String describe() {
        return setting + ": stored " + stored + ", configured " + configured + " (" + why + ")";
    }
}
