package io.bucketry.property;

import java.util.List;

/** A generator and how often {@link Gen#frequency} chooses it, relative to the others. */
public record Weighted<T>(int weight, Gen<T> gen) {

    public Weighted {
        if (weight <= 0) {
            throw new IllegalArgumentException("weight " + weight + " is not positive");
        }
    }

    static <T> Gen<T> choose(List<Weighted<? extends T>> choices) {
        List<Weighted<? extends T>> copy = List.copyOf(choices);
        int total = copy.stream().mapToInt(Weighted::weight).sum();
        return random -> {
            int pick = random.nextInt(total);
            for (Weighted<? extends T> choice : copy) {
                pick -= choice.weight();
                if (pick < 0) {
                    return choice.gen().next(random);
                }
            }
            throw new AssertionError("weights sum to " + total);
        };
    }
}
