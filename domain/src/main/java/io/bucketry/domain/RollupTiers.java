package io.bucketry.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The configured rollup tiers, finest first: each window a whole multiple of the one before (so a
 * coarser window is the merge of whole finer ones and a touched fine window names the coarse ones
 * it lies in), each kept at least as long as the raw readings. Empty: no tiers (the default).
 */
public record RollupTiers(List<RollupTier> tiers) {

    /** At most this many tiers: each is maintained on every batch. */
    public static final int MAX_TIERS = 8;

    public RollupTiers {
        List<RollupTier> sorted = new ArrayList<>(tiers);
        sorted.sort(Comparator.comparing(RollupTier::window));
        if (sorted.size() > MAX_TIERS) {
            throw new IllegalArgumentException(sorted.size() + " rollup tiers are more than the " + MAX_TIERS + " allowed");
        }
        for (int i = 1; i < sorted.size(); i++) {
            RollupTier finer = sorted.get(i - 1);
            RollupTier coarser = sorted.get(i);
            if (coarser.window().equals(finer.window())) {
                throw new IllegalArgumentException("two rollup tiers have the window " + DurationText.of(finer.window())
                        + "; give each window once");
            }
            if (coarser.windowMillis() % finer.windowMillis() != 0) {
                throw new IllegalArgumentException("rollup window " + DurationText.of(coarser.window())
                        + " is not a whole multiple of rollup window " + DurationText.of(finer.window())
                        + "; every window must be a multiple of each smaller one (e.g. 1h and 1d)");
            }
        }
        tiers = List.copyOf(sorted);
    }

    public static RollupTiers none() {
        return new RollupTiers(List.of());
    }

    public boolean isEmpty() {
        return tiers.isEmpty();
    }

    /** The finest tier; pending work is recorded per window of it. */
    public RollupTier finest() {
        return tiers.get(0);
    }

    /** The largest tier window, or zero without tiers. */
    public Duration largestWindow() {
        return tiers.isEmpty() ? Duration.ZERO : tiers.get(tiers.size() - 1).window();
    }

    /** These tiers, each holding every window from the instant {@code since} gives for it. */
    public RollupTiers coveringSince(java.util.function.Function<RollupTier, Instant> since) {
        return new RollupTiers(tiers.stream().map(t -> t.coveringSince(since.apply(t))).toList());
    }

    /** Refuses tiers that would forget data the raw readings still hold. */
    public void requireOutlive(RetentionPolicy raw) {
        for (RollupTier tier : tiers) {
            if (tier.retention().compareTo(raw.retention()) < 0) {
                throw new IllegalArgumentException("rollup " + tier + " keeps its windows for less than the retention of "
                        + DurationText.of(raw.retention()) + " of the raw readings; give it a retention of at least that");
            }
        }
    }

    /**
     * The coarsest tier whose windows make up windows of {@code window} and that answers from
     * {@code from} at {@code now}; empty when none does.
     */
    public Optional<RollupTier> coarsestFor(Duration window, Instant from, Instant now) {
        for (int i = tiers.size() - 1; i >= 0; i--) {
            RollupTier tier = tiers.get(i);
            if (tier.divides(window) && !tier.oldestKept(now).isAfter(from)) {
                return Optional.of(tier);
            }
        }
        return Optional.empty();
    }

    /** The oldest instant any tier whose windows make up windows of {@code window} answers at {@code now}; empty when none does. */
    public Optional<Instant> oldestFor(Duration window, Instant now) {
        return tiers.stream().filter(t -> t.divides(window)).map(t -> t.oldestKept(now)).min(Comparator.naturalOrder());
    }

    @Override
    public String toString() {
        return tiers.toString();
    }
}
