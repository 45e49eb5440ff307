package io.bucketry.codec;

import io.bucketry.property.Gen;
import io.bucketry.property.Property;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class TextCodecTest {

    @Test
    void supplementaryCharactersLoneSurrogatesAndTheEmptyTextRoundTrip() {
        String[] texts = {"", "OK", "\uD83C\uDF21 23°C", "\uD800", "\uDFFF lone low", "\u0000", "\uFFFF", "né", "OK"};

        assertThat(roundTrip(texts)).containsExactly(texts);
    }

    @Test
    void aStatusThatRarelyChangesCostsUnderOneBitPerValue() {
        String[] texts = new String[1000];
        Arrays.fill(texts, "OK");
        Arrays.fill(texts, 400, 430, "WARN");

        BitWriter out = new BitWriter();
        TextCodec.encode(out, texts);

        assertThat(out.position() / (double) texts.length).as("bits per text").isLessThan(1);
        assertThat(roundTrip(texts)).containsExactly(texts);
    }

    @Test
    void anyJavaStringsRoundTrip() {
        Property.forAll(300, draws -> {
            long seed = draws.draw("texts seed", Gen.anyLong());
            int size = draws.draw("size", Gen.ints(0, 500));
            String[] texts = texts(new Random(seed), size);

            assertThat(roundTrip(texts)).as("texts of seed %d", seed).containsExactly(texts);
        });
    }

    /** Texts from a small random vocabulary of arbitrary UTF-16 strings, in runs. */
    static String[] texts(Random random, int size) {
        String[] vocabulary = new String[1 + random.nextInt(random.nextBoolean() ? 3 : 300)];
        for (int i = 0; i < vocabulary.length; i++) {
            char[] chars = new char[random.nextInt(12)];
            for (int c = 0; c < chars.length; c++) {
                chars[c] = random.nextBoolean() ? (char) (32 + random.nextInt(95)) : (char) random.nextInt(0x10000);
            }
            vocabulary[i] = random.nextInt(8) == 0 ? new String(Character.toChars(0x10000 + random.nextInt(0xFFFFF))) : new String(chars);
        }
        String[] texts = new String[size];
        for (int i = 0; i < size; i++) {
            texts[i] = i > 0 && random.nextInt(4) > 0 ? texts[i - 1] : vocabulary[random.nextInt(vocabulary.length)];
        }
        return texts;
    }

    private static String[] roundTrip(String[] texts) {
        return RoundTrip.of(texts, texts.length, TextCodec::encode, TextCodec::decode);
    }
}
