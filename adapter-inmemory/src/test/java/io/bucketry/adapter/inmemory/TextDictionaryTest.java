package io.bucketry.adapter.inmemory;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TextDictionaryTest {

    /** A String: 12 B header, hash, coder, hashIsZero, value reference, padded to 8. */
    private static final long STRING_OBJECT = 24;
    /** The String's byte[] header (12 B + length, padded to 16). */
    private static final long BYTE_ARRAY_HEADER = 16;
    /** The dictionary object (header, array and map references, size, heap counter). */
    private static final long DICTIONARY_OBJECT = 32;
    /** The String[] header. */
    private static final long REFERENCE_ARRAY_HEADER = 16;
    private static final long REFERENCE = 4;

    private static String text(String value) {
        return new String(value);   // a String of its own, as each reading of a stream brings one
    }

    @Test
    void aTextIsStoredOnceAndKeepsItsCodeAlsoPastTheScanLimit() {
        // given
        TextDictionary dictionary = new TextDictionary();

        // when: more distinct texts than the linear scan handles, then each of them again
        for (int i = 0; i < 20; i++) {
            assertThat(dictionary.code(text("text-" + i))).isEqualTo(i);
        }

        // then
        for (int i = 0; i < 20; i++) {
            assertThat(dictionary.code(text("text-" + i))).as("code of text-%d asked again", i).isEqualTo(i);
            assertThat(dictionary.text(i)).isEqualTo("text-" + i);
        }
        assertThat(dictionary.code(text("new"))).isEqualTo(20);
    }

    @Test
    void anEmptyDictionaryHoldsItselfAndAnArrayOfTwo() {
        assertThat(new TextDictionary().heapBytes())
                .isEqualTo(DICTIONARY_OBJECT + REFERENCE_ARRAY_HEADER + 2 * REFERENCE);
    }

    @Test
    void eachNewTextAddsItsObjectsAndOneBytePerLatin1Character() {
        // given
        TextDictionary dictionary = new TextDictionary();
        long empty = dictionary.heapBytes();

        // when: 'ÿ' (0xff) is the last Latin-1 character
        dictionary.code(text("abcÿ"));

        // then
        assertThat(dictionary.heapBytes()).isEqualTo(empty + STRING_OBJECT + BYTE_ARRAY_HEADER + 4);
    }

    @Test
    void aTextBeyondLatin1CostsTwoBytesPerCharacter() {
        // given
        TextDictionary dictionary = new TextDictionary();
        long empty = dictionary.heapBytes();

        // when: 'Ā' (0x100) is the first character beyond Latin-1
        dictionary.code(text("abĀ"));

        // then
        assertThat(dictionary.heapBytes()).isEqualTo(empty + STRING_OBJECT + BYTE_ARRAY_HEADER + 3 * 2);
    }

    @Test
    void aKnownTextAddsNothing() {
        // given
        TextDictionary dictionary = new TextDictionary();
        dictionary.code(text("OK"));
        long once = dictionary.heapBytes();

        // when
        dictionary.code(text("OK"));

        // then
        assertThat(dictionary.heapBytes()).isEqualTo(once);
    }

    @Test
    void trimmingShrinksTheArrayToTheTextsAndTrimmingAgainChangesNothing() {
        // given: three texts in an array of four
        TextDictionary dictionary = new TextDictionary();
        for (String value : new String[] {"a", "b", "c"}) {
            dictionary.code(text(value));
        }
        long untrimmed = dictionary.heapBytes();
        assertThat(dictionary.capacity()).isEqualTo(4);

        // when
        dictionary.trim();

        // then
        assertThat(dictionary.capacity()).isEqualTo(3);
        assertThat(dictionary.heapBytes()).isEqualTo(untrimmed - REFERENCE);
        dictionary.trim();
        assertThat(dictionary.capacity()).isEqualTo(3);
        assertThat(dictionary.heapBytes()).isEqualTo(untrimmed - REFERENCE);
        assertThat(dictionary.text(2)).isEqualTo("c");
    }
}
