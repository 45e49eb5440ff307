package io.bucketry.codec;

/** Checks shared by the block forms that list exceptions: position first, strictly increasing, inside the block. */
final class Exceptions {

    private Exceptions() {
    }

    /** Fails unless the {@code count} positions of {@code stride} bits each from bit {@code at} increase within {@code length}. */
    static void checkPositions(BitReader in, long at, long stride, int positionBits, int count, int length) {
        for (int x = 0, previous = -1; x < count; x++) {
            int position = (int) in.bitsAt(at + x * stride, positionBits);
            if (position >= length || position <= previous) {
                throw BitReader.malformed("exception position " + position + " in a block of " + length);
            }
            previous = position;
        }
    }
}
